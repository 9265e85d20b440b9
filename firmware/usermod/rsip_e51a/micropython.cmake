# The _mpcrypto_hw C module over Renesas RSIP-E51A (EK-RA8D1), added to the Zephyr port's build
# by c_module() in firmware/manifest_ek_ra8d1.py. The crypto procedures it calls are compiled
# by Zephyr's hal_renesas module (CONFIG_USE_RA_FSP_SCE, selected by the RSIP-E51A entropy
# driver the board's .conf turns on), whose include directories every Zephyr source sees.
add_library(usermod_mpcrypto_hw INTERFACE)
target_sources(usermod_mpcrypto_hw INTERFACE ${CMAKE_CURRENT_LIST_DIR}/mpcrypto_hw_rsip.c)
target_include_directories(usermod_mpcrypto_hw INTERFACE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(usermod INTERFACE usermod_mpcrypto_hw)
