/*
 * mpcrypto: console input for MicroPython's Zephyr port on boards whose console is an Arm CMSDK
 * APB UART (mps2/an385, mps3/corstone300/an547: the emulated boards of boards/ZEPHYR_M3 and
 * boards/ZEPHYR_M55). Test firmware only; the real boards keep Zephyr's uart_console.
 *
 * Why: in Zephyr 4.3.0, drivers/serial/uart_cmsdk_apb.c reports an interrupt pending whenever
 * its transmit buffer is not full (irq_is_pending = rx_ready || tx_ready, and tx_ready ignores
 * whether the TX interrupt is enabled), and drivers/console/uart_console.c's ISR loops
 * `while (uart_irq_update() && uart_irq_is_pending())`, skipping the iterations with no
 * received byte. The first byte typed into the console therefore leaves that ISR spinning for
 * ever and the interpreter never runs again (seen under QEMU: the byte sits in MicroPython's
 * ring buffer, the CPU stays in uart_console_isr).
 *
 * What: with CONFIG_UART_CONSOLE off, this file provides the two functions the port calls to
 * get its input (ports/zephyr/src/zephyr_getchar.c: uart_console_in_debug_hook_install and
 * uart_register_input, declared in zephyr/drivers/console/uart_console.h) and takes the
 * console UART's interrupt with an ISR that loops only while a received byte is ready, handing
 * each to the port's hook. printk output, which uart_console carried, goes out by polling.
 * The port writes its own output with uart_poll_out and needs nothing from here.
 */

#include <zephyr/device.h>
#include <zephyr/drivers/console/uart_console.h>
#include <zephyr/drivers/uart.h>
#include <zephyr/init.h>
#include <zephyr/kernel.h>
#include <zephyr/sys/printk-hooks.h>

/* uart_console.h declares the hook type and its installer only with uart_console's debug
 * hooks, which depend on the uart_console this module replaces: the same signature here. */
typedef int (*console_in_hook_t)(uint8_t byte);
void uart_console_in_debug_hook_install(console_in_hook_t hook);

static const struct device *const console = DEVICE_DT_GET(DT_CHOSEN(zephyr_console));
static console_in_hook_t input_hook;

void uart_console_in_debug_hook_install(console_in_hook_t hook)
{
	input_hook = hook;
}

void uart_register_input(struct k_fifo *avail, struct k_fifo *lines,
			 uint8_t (*completion)(char *str, uint8_t len))
{
	/* The port passes NULLs: it takes bytes through the hook only. */
	ARG_UNUSED(avail);
	ARG_UNUSED(lines);
	ARG_UNUSED(completion);
}

static void console_isr(const struct device *dev, void *user_data)
{
	uint8_t byte;

	ARG_UNUSED(user_data);
	uart_irq_update(dev);
	/* Only received bytes end the loop's condition: see the header comment. */
	while (uart_irq_rx_ready(dev) && uart_fifo_read(dev, &byte, 1) == 1) {
		if (input_hook != NULL) {
			input_hook(byte);
		}
	}
}

static int console_printk_out(int c)
{
	uart_poll_out(console, (unsigned char)c);
	return c;
}

static int cmsdk_console_init(void)
{
	if (!device_is_ready(console)) {
		return -ENODEV;
	}
	__printk_hook_install(console_printk_out);
	uart_irq_callback_set(console, console_isr);
	uart_irq_rx_enable(console);
	return 0;
}

SYS_INIT(cmsdk_console_init, POST_KERNEL, CONFIG_KERNEL_INIT_PRIORITY_DEVICE);
