// _mpcrypto_hw over the Renesas RSIP-E51A (EK-RA8D1): the C side of the seam that
// boards/c_seam/c_seam.py describes, written over the crypto procedures Renesas publishes in
// FSP and Zephyr ships in its hal_renesas module
// (drivers/ra/fsp/src/r_sce/crypto_procedures/src/rsip_e51a/plainkey). Zephyr compiles those
// procedures for this board (CONFIG_USE_RA_FSP_SCE, selected by the RSIP-E51A entropy driver)
// and its entropy driver powers the block on and loads its keys at boot
// (HW_SCE_McuSpecificInit); this module only calls them.
//
// What it provides (c_seam.py gives each function's contract):
//   NAME                               "rsip"
//   aes_key(key) -> handle             the plain key turned into the RSIP's wrapped key index
//   aes_ecb_encrypt/decrypt, aes_cbc_encrypt/decrypt, aes_ctr
//   ghash(h, y, src, n)                GCM's GHASH (HW_SCE_GhashSub)
//   sha256_compress(st, buf, off, n)   the procedures' resume-update-suspend SHA-256
//   ec_mul, ecdsa_verify               P-256 and P-384 scalar multiplication and verification
//   rsa_private(n, d, x)               x^d mod n for 2048-, 3072- and 4096-bit n
//   random(buf)                        the TRNG (HW_SCE_RNG_Read, 16 bytes per read)
//
// Facts it relies on, from the sources named:
// - A procedure refuses to start while another is running (each Init reads REG_14BCH and
//   returns FSP_ERR_CRYPTO_SCE_RESOURCE_CONFLICT); between Init and Final the block holds one
//   operation's state. Every sequence here runs with Zephyr's scheduler locked, so no other
//   thread (Zephyr's entropy driver serving another thread) starts a procedure inside it.
// - Command and type words are given byte-swapped (FSP's own callers pass
//   change_endian_long(cmd)); the block runs in little-endian mode (HW_SCE_McuSpecificInit sets
//   REG_1424H/REG_1428H), so data and state words are native.
// - A plain key becomes a key index through HW_SCE_GenerateOemKeyIndexPrivate with
//   SCE_OEM_KEY_TYPE_PLAIN (as FSP's mbedTLS and NetX adaptors do); the AES procedures then take
//   key mode 0 and that index.
// - The SHA-2 procedure resumes from a 20-word state in which SHA-256's chaining value sits in
//   the even words 0..14, words 17..19 being the markers below (the layout the RA8 port of
//   Oryx Embedded's CycloneCRYPTO uses, hardware/ra8/ra8_crypto_hash.c).
// None of this has run on silicon here: c_seam.register checks every function against known
// answers on the board before it registers anything (boards/EK_RA8D1/README.md).

#include <string.h>

#include <soc.h>
#include <zephyr/kernel.h>

#include "py/runtime.h"
#include "py/mperrno.h"

#include "hw_sce_ra_private.h"
#include "hw_sce_private.h"
#include "hw_sce_trng_private.h"

#if !defined(CONFIG_HAS_RENESAS_RA_RSIP_E51A)
#error "_mpcrypto_hw (rsip_e51a) is for boards with the RSIP-E51A (EK-RA8D1)"
#endif

#define BLOCK 16
// The AES procedures' command words (r_sce/hw_sce_aes_private.h: SCE_AES_IN_DATA_CMD_*).
#define CMD_ECB_ENCRYPT 0u
#define CMD_ECB_DECRYPT 1u
#define CMD_CBC_ENCRYPT 2u
#define CMD_CBC_DECRYPT 3u
#define CMD_CTR 4u
// Words of the largest AES key index (sce_aes_key_index_t's value, r_sce_if.h).
#define KEY_INDEX_WORDS HW_SCE_AES256XTS_KEY_INDEX_WORD_SIZE
// Blocks moved through the aligned bounce buffers per Update when the caller's buffers are
// not word aligned.
#define BOUNCE_BLOCKS 32

static uint32_t be32(uint32_t x) {
    return __builtin_bswap32(x);
}

// An FSP error code as the library's exceptions: a busy block is EBUSY (retry later), a key
// the block refuses is a ValueError, anything else an OSError naming the code.
static void check(fsp_err_t err) {
    if (err == FSP_SUCCESS) {
        return;
    }
    if (err == FSP_ERR_CRYPTO_SCE_RESOURCE_CONFLICT || err == FSP_ERR_CRYPTO_RSIP_RESOURCE_CONFLICT) {
        mp_raise_OSError(MP_EBUSY);
    }
    if (err == FSP_ERR_CRYPTO_SCE_KEY_SET_FAIL || err == FSP_ERR_CRYPTO_RSIP_KEY_SET_FAIL) {
        mp_raise_ValueError(MP_ERROR_TEXT("RSIP refused the key"));
    }
    mp_raise_msg_varg(&mp_type_OSError, MP_ERROR_TEXT("RSIP error 0x%x"), (unsigned)err);
}

static void wipe(uint32_t *p, size_t words) {
    volatile uint32_t *v = p;
    for (size_t i = 0; i < words; i++) {
        v[i] = 0;
    }
}

// ---- AES ----------------------------------------------------------------------------------

typedef fsp_err_t (*aes_init_t)(const uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *,
    const uint32_t *);
typedef void (*aes_update_t)(const uint32_t *, uint32_t *, const uint32_t);
typedef fsp_err_t (*aes_final_t)(void);

typedef struct {
    aes_init_t init;
    aes_update_t update;
    aes_final_t final;
    sce_oem_cmd_t oem_cmd;
} aes_procs_t;

static const aes_procs_t aes_procs[3] = {
    {HW_SCE_Aes128EncryptDecryptInitSub, HW_SCE_Aes128EncryptDecryptUpdateSub,
     HW_SCE_Aes128EncryptDecryptFinalSub, SCE_OEM_CMD_AES128},
    {HW_SCE_Aes192EncryptDecryptInitSub, HW_SCE_Aes192EncryptDecryptUpdateSub,
     HW_SCE_Aes192EncryptDecryptFinalSub, SCE_OEM_CMD_AES192},
    {HW_SCE_Aes256EncryptDecryptInitSub, HW_SCE_Aes256EncryptDecryptUpdateSub,
     HW_SCE_Aes256EncryptDecryptFinalSub, SCE_OEM_CMD_AES256},
};

typedef struct {
    mp_obj_base_t base;
    const aes_procs_t *procs;
    uint32_t index[KEY_INDEX_WORDS];
} aes_key_obj_t;

// The key index is wiped when the handle is collected (a finaliser where the port has them)
// and by wipe(): the index is the key wrapped by the device's own key, usable only here, but
// it is still key material.
static mp_obj_t aes_key_wipe(mp_obj_t self_in) {
    aes_key_obj_t *self = MP_OBJ_TO_PTR(self_in);
    wipe(self->index, KEY_INDEX_WORDS);
    self->procs = NULL;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(aes_key_wipe_obj, aes_key_wipe);

static const mp_rom_map_elem_t aes_key_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_wipe), MP_ROM_PTR(&aes_key_wipe_obj) },
    #if MICROPY_ENABLE_FINALISER
    { MP_ROM_QSTR(MP_QSTR___del__), MP_ROM_PTR(&aes_key_wipe_obj) },
    #endif
};
static MP_DEFINE_CONST_DICT(aes_key_locals, aes_key_locals_table);

static MP_DEFINE_CONST_OBJ_TYPE(aes_key_type, MP_QSTR_RsipAesKey, MP_TYPE_FLAG_NONE,
    locals_dict, &aes_key_locals);

static mp_obj_t hw_aes_key(mp_obj_t key_in) {
    mp_buffer_info_t key;
    mp_get_buffer_raise(key_in, &key, MP_BUFFER_READ);
    size_t which = key.len == 16 ? 0 : key.len == 24 ? 1 : key.len == 32 ? 2 : 3;
    if (which == 3) {
        mp_raise_ValueError(MP_ERROR_TEXT("AES key must be 16, 24 or 32 bytes"));
    }
    #if MICROPY_ENABLE_FINALISER
    aes_key_obj_t *self = mp_obj_malloc_with_finaliser(aes_key_obj_t, &aes_key_type);
    #else
    aes_key_obj_t *self = mp_obj_malloc(aes_key_obj_t, &aes_key_type);
    #endif
    self->procs = NULL;
    memset(self->index, 0, sizeof(self->index));
    // The procedure reads the key as words: hand it an aligned copy, wiped afterwards. A
    // 192-bit key is given in 32 bytes, zero padded (SCE_OEM_KEY_SIZE_AES192: 8 words).
    uint32_t plain[8] = {0};
    memcpy(plain, key.buf, key.len);
    k_sched_lock();
    fsp_err_t err = HW_SCE_GenerateOemKeyIndexPrivate(SCE_OEM_KEY_TYPE_PLAIN, aes_procs[which].oem_cmd,
        NULL, NULL, (const uint8_t *)plain, self->index);
    k_sched_unlock();
    wipe(plain, 8);
    check(err);
    self->procs = &aes_procs[which];
    return MP_OBJ_FROM_PTR(self);
}
static MP_DEFINE_CONST_FUN_OBJ_1(hw_aes_key_obj, hw_aes_key);

static aes_key_obj_t *get_key(mp_obj_t h) {
    if (!mp_obj_is_type(h, &aes_key_type)) {
        mp_raise_TypeError(MP_ERROR_TEXT("not an RSIP AES key"));
    }
    aes_key_obj_t *k = MP_OBJ_TO_PTR(h);
    if (k->procs == NULL) {
        mp_raise_ValueError(MP_ERROR_TEXT("AES key wiped"));
    }
    return k;
}

// src and dst of at least n blocks (dst writable); n from a non-negative small int.
static size_t get_blocks(mp_obj_t src_in, mp_obj_t dst_in, mp_obj_t n_in, mp_buffer_info_t *src,
    mp_buffer_info_t *dst) {
    mp_int_t n = mp_obj_get_int(n_in);
    mp_get_buffer_raise(src_in, src, MP_BUFFER_READ);
    mp_get_buffer_raise(dst_in, dst, MP_BUFFER_WRITE);
    if (n < 0 || (size_t)n > src->len / BLOCK || (size_t)n > dst->len / BLOCK) {
        mp_raise_ValueError(MP_ERROR_TEXT("buffers shorter than the blocks asked for"));
    }
    return (size_t)n;
}

static uint8_t *get_block16(mp_obj_t o) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(o, &b, MP_BUFFER_WRITE);
    if (b.len != BLOCK) {
        mp_raise_ValueError(MP_ERROR_TEXT("IV/counter must be a bytearray(16)"));
    }
    return b.buf;
}

static uint32_t bounce_in[BOUNCE_BLOCKS * BLOCK / 4];
static uint32_t bounce_out[BOUNCE_BLOCKS * BLOCK / 4];

// One Init/Update/Final sequence over n blocks. Word-aligned buffers go to the procedure
// directly (src may be dst: each block is read before its result is written); others pass
// through the bounce buffers. iv: 16 bytes (zeros for ECB). Runs with the scheduler locked.
static fsp_err_t aes_sequence(const aes_procs_t *procs, const uint32_t *index, uint32_t cmd,
    const uint8_t *src, uint8_t *dst, size_t n, const uint8_t *iv) {
    uint32_t mode = 0;  // key mode 0: the key is given as an index
    uint32_t cmd_be = be32(cmd);
    uint32_t iv_w[4];
    memcpy(iv_w, iv, BLOCK);
    k_sched_lock();
    fsp_err_t err = procs->init(&mode, &cmd_be, index, NULL, iv_w);
    if (err == FSP_SUCCESS) {
        if ((((uintptr_t)src | (uintptr_t)dst) & 3) == 0) {
            procs->update((const uint32_t *)src, (uint32_t *)dst, n * 4);
        } else {
            while (n) {
                size_t run = n < BOUNCE_BLOCKS ? n : BOUNCE_BLOCKS;
                memcpy(bounce_in, src, run * BLOCK);
                procs->update(bounce_in, bounce_out, run * 4);
                memcpy(dst, bounce_out, run * BLOCK);
                src += run * BLOCK;
                dst += run * BLOCK;
                n -= run;
            }
        }
        err = procs->final();
    }
    k_sched_unlock();
    return err;
}

static const uint8_t zero_iv[BLOCK];

// check(err) for an operation that writes len bytes at dst: on a failure they are zeroed
// first, so no partial result is left behind (the iv or counter is left as it was).
static void check_output(fsp_err_t err, void *dst, size_t len) {
    if (err != FSP_SUCCESS) {
        memset(dst, 0, len);
    }
    check(err);
}

static mp_obj_t aes_ecb(size_t n_args, const mp_obj_t *args, uint32_t cmd) {
    aes_key_obj_t *k = get_key(args[0]);
    mp_buffer_info_t src, dst;
    size_t n = get_blocks(args[1], args[2], args[3], &src, &dst);
    if (n) {
        check_output(aes_sequence(k->procs, k->index, cmd, src.buf, dst.buf, n, zero_iv), dst.buf, n * BLOCK);
    }
    return mp_const_none;
}

static mp_obj_t hw_aes_ecb_encrypt(size_t n_args, const mp_obj_t *args) {
    return aes_ecb(n_args, args, CMD_ECB_ENCRYPT);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_aes_ecb_encrypt_obj, 4, 4, hw_aes_ecb_encrypt);

static mp_obj_t hw_aes_ecb_decrypt(size_t n_args, const mp_obj_t *args) {
    return aes_ecb(n_args, args, CMD_ECB_DECRYPT);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_aes_ecb_decrypt_obj, 4, 4, hw_aes_ecb_decrypt);

// CBC: the iv is left as the next chaining value, the last ciphertext block (the output's
// when encrypting; the input's when decrypting, saved first since src may be dst).
static mp_obj_t aes_cbc(const mp_obj_t *args, uint32_t cmd, bool encrypt) {
    aes_key_obj_t *k = get_key(args[0]);
    mp_buffer_info_t src, dst;
    size_t n = get_blocks(args[1], args[2], args[3], &src, &dst);
    uint8_t *iv = get_block16(args[4]);
    if (n) {
        uint8_t next[BLOCK];
        if (!encrypt) {
            memcpy(next, (const uint8_t *)src.buf + (n - 1) * BLOCK, BLOCK);
        }
        check_output(aes_sequence(k->procs, k->index, cmd, src.buf, dst.buf, n, iv), dst.buf, n * BLOCK);
        if (encrypt) {
            memcpy(next, (const uint8_t *)dst.buf + (n - 1) * BLOCK, BLOCK);
        }
        memcpy(iv, next, BLOCK);
    }
    return mp_const_none;
}

static mp_obj_t hw_aes_cbc_encrypt(size_t n_args, const mp_obj_t *args) {
    return aes_cbc(args, CMD_CBC_ENCRYPT, true);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_aes_cbc_encrypt_obj, 5, 5, hw_aes_cbc_encrypt);

static mp_obj_t hw_aes_cbc_decrypt(size_t n_args, const mp_obj_t *args) {
    return aes_cbc(args, CMD_CBC_DECRYPT, false);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_aes_cbc_decrypt_obj, 5, 5, hw_aes_cbc_decrypt);

// ctr += n, big-endian over its last `width` bytes (the bytes before them unchanged).
static void ctr_add(uint8_t *ctr, size_t width, uint32_t n) {
    uint64_t carry = n;
    for (size_t i = 0; i < width && carry; i++) {
        carry += ctr[BLOCK - 1 - i];
        ctr[BLOCK - 1 - i] = (uint8_t)carry;
        carry >>= 8;
    }
}

// CTR: the counter is incremented big-endian over its last `width` bytes (16 for CTR, 4 for
// GCM's inc32). The procedure's own increment is not relied on past a carry out of the low
// 32 bits (FSP does not say how wide it is): blocks are run in stretches that stay inside
// both the low 32 bits and the low `width` bytes, each from the counter this function keeps.
static mp_obj_t hw_aes_ctr(size_t n_args, const mp_obj_t *args) {
    aes_key_obj_t *k = get_key(args[0]);
    mp_buffer_info_t src, dst;
    size_t n = get_blocks(args[1], args[2], args[3], &src, &dst);
    uint8_t *ctr = get_block16(args[4]);
    mp_int_t width = mp_obj_get_int(args[5]);
    if (width < 1 || width > BLOCK) {
        mp_raise_ValueError(MP_ERROR_TEXT("counter width must be 1..16 bytes"));
    }
    const uint8_t *s = src.buf;
    uint8_t *d = dst.buf;
    // The counter is advanced only once every stretch has run.
    uint8_t next[BLOCK];
    memcpy(next, ctr, BLOCK);
    size_t total = n;
    while (n) {
        size_t low_bytes = width < 4 ? (size_t)width : 4;
        uint64_t low = 0;
        for (size_t i = 0; i < low_bytes; i++) {
            low = (low << 8) | next[BLOCK - low_bytes + i];
        }
        uint64_t room = ((uint64_t)1 << (8 * low_bytes)) - low;
        size_t run = (uint64_t)n < room ? n : (size_t)room;
        check_output(aes_sequence(k->procs, k->index, CMD_CTR, s, d, run, next), dst.buf, total * BLOCK);
        ctr_add(next, (size_t)width, (uint32_t)run);
        s += run * BLOCK;
        d += run * BLOCK;
        n -= run;
    }
    memcpy(ctr, next, BLOCK);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_aes_ctr_obj, 6, 6, hw_aes_ctr);

// ---- GHASH ---------------------------------------------------------------------------------

// ghash(h, y, src, n): y <- GHASH_H over n blocks of src, starting from y (SP 800-38D §6.4:
// Y_i = (Y_(i-1) xor X_i) * H), through HW_SCE_GhashSub (its IV is the starting value, its
// output the last; the blocks as they lie in memory).
static mp_obj_t hw_ghash(size_t n_args, const mp_obj_t *args) {
    mp_buffer_info_t h, src;
    mp_get_buffer_raise(args[0], &h, MP_BUFFER_READ);
    uint8_t *y = get_block16(args[1]);
    mp_get_buffer_raise(args[2], &src, MP_BUFFER_READ);
    mp_int_t n = mp_obj_get_int(args[3]);
    if (h.len != BLOCK) {
        mp_raise_ValueError(MP_ERROR_TEXT("H must be 16 bytes"));
    }
    if (n < 0 || (size_t)n > src.len / BLOCK) {
        mp_raise_ValueError(MP_ERROR_TEXT("buffer shorter than the blocks asked for"));
    }
    uint32_t hv[4], acc[4];
    memcpy(hv, h.buf, BLOCK);
    memcpy(acc, y, BLOCK);
    const uint8_t *p = src.buf;
    size_t left = (size_t)n;
    fsp_err_t err = FSP_SUCCESS;
    while (left && err == FSP_SUCCESS) {
        size_t run = left;
        const uint32_t *words = (const uint32_t *)p;
        if ((uintptr_t)p & 3) {
            run = left < BOUNCE_BLOCKS ? left : BOUNCE_BLOCKS;
            memcpy(bounce_in, p, run * BLOCK);
            words = bounce_in;
        }
        uint32_t out[4];
        k_sched_lock();
        err = HW_SCE_GhashSub(hv, acc, words, out, run * 4);
        k_sched_unlock();
        memcpy(acc, out, BLOCK);
        p += run * BLOCK;
        left -= run;
    }
    wipe(hv, 4);
    check(err);
    memcpy(y, acc, BLOCK);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_ghash_obj, 4, 4, hw_ghash);

// ---- SHA-256 ------------------------------------------------------------------------------

// The state words the procedure keeps beside the chaining value (see the header comment).
#define SHA_STATE_WORDS 20

// sha256_compress(st, buf, off, n): FIPS 180-4's compression of buf[off:off + 64n] into
// st[0..7] (an array('I'), native words).
static mp_obj_t hw_sha256_compress(size_t n_args, const mp_obj_t *args) {
    mp_buffer_info_t st, buf;
    mp_get_buffer_raise(args[0], &st, MP_BUFFER_RW);
    mp_get_buffer_raise(args[1], &buf, MP_BUFFER_READ);
    mp_int_t off = mp_obj_get_int(args[2]);
    mp_int_t n = mp_obj_get_int(args[3]);
    if ((st.typecode != 'I' && st.typecode != 'L') || st.len < 32) {
        mp_raise_ValueError(MP_ERROR_TEXT("state must be an array('I') of 8 words"));
    }
    if (off < 0 || n < 0 || (size_t)off > buf.len || (size_t)n > (buf.len - (size_t)off) / 64) {
        mp_raise_ValueError(MP_ERROR_TEXT("buffer shorter than the blocks asked for"));
    }
    if (n == 0) {
        return mp_const_none;
    }
    uint32_t *h = st.buf;
    uint32_t state[SHA_STATE_WORDS] = {0};
    for (size_t i = 0; i < 8; i++) {
        state[2 * i] = h[i];
    }
    state[17] = be32(0x80000000u);
    state[18] = be32(0x7F000000u);
    state[19] = be32(0x00FEFFFFu);
    uint32_t type = be32(SCE_OEM_CMD_HASH_TYPE_SHA256);
    uint32_t cmd = be32(SCE_OEM_CMD_HASH_RESUME_TO_SUSPEND);
    uint32_t digest[16];
    const uint8_t *p = (const uint8_t *)buf.buf + off;
    fsp_err_t err = FSP_SUCCESS;
    size_t left = (size_t)n;
    while (left && err == FSP_SUCCESS) {
        // Aligned input goes as it is; otherwise through the bounce buffer, 8 blocks a time.
        size_t run = left;
        const uint32_t *words = (const uint32_t *)p;
        if ((uintptr_t)p & 3) {
            run = left < BOUNCE_BLOCKS / 4 ? left : BOUNCE_BLOCKS / 4;
            memcpy(bounce_in, p, run * 64);
            words = bounce_in;
        }
        k_sched_lock();
        err = HW_SCE_ShaGenerateMessageDigestSub(&type, &cmd, words, NULL, state, digest, state, run * 16);
        k_sched_unlock();
        p += run * 64;
        left -= run;
    }
    check(err);
    for (size_t i = 0; i < 8; i++) {
        h[i] = state[2 * i];
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_sha256_compress_obj, 4, 4, hw_sha256_compress);

// ---- NIST P-256 and P-384 ----------------------------------------------------------------

// The procedures take big-endian coordinates and scalars as they lie in memory, the curve
// type SCE_ECC_CURVE_TYPE_NIST (0) and command 0 for these curves, and a private scalar as
// the key index HW_SCE_GenerateOemKeyIndexPrivate makes of it (key mode 0), as FSP's ECDH and
// ECDSA adaptors and CycloneCRYPTO's RA8 port call them. This hal version's verification
// procedures take the public point itself (the words they write are X || Y).

typedef struct {
    size_t size;  // bytes of a coordinate
    sce_oem_cmd_t private_cmd;
    const uint32_t *domain;
} ec_curve_t;

static const ec_curve_t ec_p256 = {32, SCE_OEM_CMD_ECC_P256_PRIVATE, DomainParam_NIST_P256};
static const ec_curve_t ec_p384 = {48, SCE_OEM_CMD_ECC_P384_PRIVATE, DomainParam_NIST_P384};

static const ec_curve_t *get_curve(mp_obj_t size_in) {
    mp_int_t size = mp_obj_get_int(size_in);
    if (size == 32) {
        return &ec_p256;
    }
    if (size == 48) {
        return &ec_p384;
    }
    mp_raise_ValueError(MP_ERROR_TEXT("curve must be P-256 (32) or P-384 (48)"));
}

// A read-only buffer of exactly n bytes, copied into aligned words.
static void get_words(mp_obj_t o, size_t n, uint32_t *out) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(o, &b, MP_BUFFER_READ);
    if (b.len != n) {
        mp_raise_ValueError(MP_ERROR_TEXT("wrong length for this curve"));
    }
    memcpy(out, b.buf, n);
}

// ec_mul(size, k, xy) -> bytes: k (size bytes, 0 < k < n) times the point xy (X || Y, 2 * size
// bytes, on the curve: the caller checks), as X || Y. The scalar is secret: its plain copy and
// its key index are wiped before returning.
static mp_obj_t hw_ec_mul(mp_obj_t size_in, mp_obj_t k_in, mp_obj_t xy_in) {
    const ec_curve_t *c = get_curve(size_in);
    uint32_t k[12], xy[24], out[24];
    uint32_t index[32] = {0};  // the P-384 private key index is 17 words (FSP's wrapped_private_key)
    get_words(xy_in, 2 * c->size, xy);
    get_words(k_in, c->size, k);
    uint32_t curve_type = 0, cmd = 0;
    k_sched_lock();
    fsp_err_t err = HW_SCE_GenerateOemKeyIndexPrivate(SCE_OEM_KEY_TYPE_PLAIN, c->private_cmd, NULL, NULL,
        (const uint8_t *)k, index);
    if (err == FSP_SUCCESS) {
        if (c->size == 32) {
            err = HW_SCE_Ecc256ScalarMultiplicationSubAdaptor(&curve_type, &cmd, index, xy, c->domain, out);
        } else {
            err = HW_SCE_Ecc384ScalarMultiplicationSubAdaptor(&curve_type, &cmd, index, xy, c->domain, out);
        }
    }
    k_sched_unlock();
    wipe(k, 12);
    wipe(index, 32);
    check(err);
    return mp_obj_new_bytes((const uint8_t *)out, 2 * c->size);
}
static MP_DEFINE_CONST_FUN_OBJ_3(hw_ec_mul_obj, hw_ec_mul);

// ecdsa_verify(size, xy, e, rs) -> bool: SEC 1's verification of (r, s) (rs = r || s, each size
// bytes, both in [1, n - 1]: the caller checks) for the hash value e (size bytes, already
// reduced as SEC 1 says) under the public point xy. Public data only.
static mp_obj_t hw_ecdsa_verify(size_t n_args, const mp_obj_t *args) {
    const ec_curve_t *c = get_curve(args[0]);
    uint32_t xy[24], e[12], rs[24];
    get_words(args[1], 2 * c->size, xy);
    get_words(args[2], c->size, e);
    get_words(args[3], 2 * c->size, rs);
    uint32_t curve_type = 0, cmd = 0;
    k_sched_lock();
    fsp_err_t err;
    if (c->size == 32) {
        err = HW_SCE_EcdsaSignatureVerificationSubAdaptor(&curve_type, &cmd, NULL, xy, e, rs, c->domain);
    } else {
        err = HW_SCE_EcdsaP384SignatureVerificationSubAdaptor(&curve_type, NULL, xy, e, rs, c->domain);
    }
    k_sched_unlock();
    if (err == FSP_ERR_CRYPTO_SCE_FAIL || err == FSP_ERR_CRYPTO_SCE_VERIFY_FAIL) {
        return mp_const_false;  // the procedures' "signature does not verify"
    }
    check(err);
    return mp_const_true;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(hw_ecdsa_verify_obj, 4, 4, hw_ecdsa_verify);

// ---- RSA -----------------------------------------------------------------------------------

// The private operation x^d mod n for 2048-, 3072- and 4096-bit n: n || d (big-endian, as they
// lie in memory) become a private key index (HW_SCE_GenerateOemKeyIndexPrivate, the instance
// data of SCE_OEM_CMD_RSA*_PRIVATE being 2 * k bytes), then the decryption procedure runs with
// key mode 0. The buffers are static (up to 3.6 KB: too much for the stack) and wiped after.

typedef fsp_err_t (*rsa_decrypt_t)(const uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *,
    uint32_t *);

#define RSA_MAX_BYTES 512
// The largest private key index: SCE_OEM_KEY_SIZE_RSA4096_PRIVATE_KEY_INST_DATA_WORD + 1.
#define RSA_INDEX_WORDS (SCE_OEM_KEY_SIZE_RSA4096_PRIVATE_KEY_INST_DATA_WORD + 1)

static uint32_t rsa_key[2 * RSA_MAX_BYTES / 4];
static uint32_t rsa_index[RSA_INDEX_WORDS];
static uint32_t rsa_in[RSA_MAX_BYTES / 4];
static uint32_t rsa_out[RSA_MAX_BYTES / 4];

// rsa_private(n, d, x) -> bytes: x^d mod n, each of n, d, x as k big-endian bytes (k = 256, 384
// or 512; x < n: the caller checks). The caller checks the result with the public exponent.
static mp_obj_t hw_rsa_private(mp_obj_t n_in, mp_obj_t d_in, mp_obj_t x_in) {
    mp_buffer_info_t n, d, x;
    mp_get_buffer_raise(n_in, &n, MP_BUFFER_READ);
    mp_get_buffer_raise(d_in, &d, MP_BUFFER_READ);
    mp_get_buffer_raise(x_in, &x, MP_BUFFER_READ);
    size_t k = n.len;
    sce_oem_cmd_t cmd;
    rsa_decrypt_t decrypt;
    if (k == 256) {
        cmd = SCE_OEM_CMD_RSA2048_PRIVATE;
        decrypt = HW_SCE_Rsa2048ModularExponentDecryptSubAdaptor;
    } else if (k == 384) {
        cmd = SCE_OEM_CMD_RSA3072_PRIVATE;
        decrypt = HW_SCE_Rsa3072ModularExponentDecryptSubAdaptor;
    } else if (k == 512) {
        cmd = SCE_OEM_CMD_RSA4096_PRIVATE;
        decrypt = HW_SCE_Rsa4096ModularExponentDecryptSubAdaptor;
    } else {
        mp_raise_ValueError(MP_ERROR_TEXT("RSA modulus must be 2048, 3072 or 4096 bits"));
    }
    if (d.len != k || x.len != k) {
        mp_raise_ValueError(MP_ERROR_TEXT("d and x must be as long as n"));
    }
    memcpy(rsa_key, n.buf, k);
    memcpy((uint8_t *)rsa_key + k, d.buf, k);
    memcpy(rsa_in, x.buf, k);
    uint32_t mode = 0;
    k_sched_lock();
    fsp_err_t err = HW_SCE_GenerateOemKeyIndexPrivate(SCE_OEM_KEY_TYPE_PLAIN, cmd, NULL, NULL,
        (const uint8_t *)rsa_key, rsa_index);
    if (err == FSP_SUCCESS) {
        err = decrypt(&mode, rsa_index, NULL, rsa_in, rsa_out);
    }
    k_sched_unlock();
    wipe(rsa_key, 2 * RSA_MAX_BYTES / 4);
    wipe(rsa_index, RSA_INDEX_WORDS);
    wipe(rsa_in, RSA_MAX_BYTES / 4);
    check(err);
    mp_obj_t out = mp_obj_new_bytes((const uint8_t *)rsa_out, k);
    wipe(rsa_out, RSA_MAX_BYTES / 4);
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_3(hw_rsa_private_obj, hw_rsa_private);

// ---- TRNG ---------------------------------------------------------------------------------

// random(buf): fill the writable buffer from the TRNG, 16 bytes per read (the procedure runs
// the block's own health tests and reports their failure, raised as OSError).
static mp_obj_t hw_random(mp_obj_t buf_in) {
    mp_buffer_info_t buf;
    mp_get_buffer_raise(buf_in, &buf, MP_BUFFER_WRITE);
    uint8_t *p = buf.buf;
    size_t left = buf.len;
    uint32_t words[4];
    while (left) {
        k_sched_lock();
        fsp_err_t err = HW_SCE_RNG_Read(words);
        k_sched_unlock();
        check_output(err, buf.buf, buf.len);
        size_t take = left < sizeof(words) ? left : sizeof(words);
        memcpy(p, words, take);
        p += take;
        left -= take;
    }
    wipe(words, 4);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(hw_random_obj, hw_random);

// ---- the module ---------------------------------------------------------------------------

static const mp_rom_map_elem_t mpcrypto_hw_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR__mpcrypto_hw) },
    { MP_ROM_QSTR(MP_QSTR_NAME), MP_ROM_QSTR(MP_QSTR_rsip) },
    { MP_ROM_QSTR(MP_QSTR_aes_key), MP_ROM_PTR(&hw_aes_key_obj) },
    { MP_ROM_QSTR(MP_QSTR_aes_ecb_encrypt), MP_ROM_PTR(&hw_aes_ecb_encrypt_obj) },
    { MP_ROM_QSTR(MP_QSTR_aes_ecb_decrypt), MP_ROM_PTR(&hw_aes_ecb_decrypt_obj) },
    { MP_ROM_QSTR(MP_QSTR_aes_cbc_encrypt), MP_ROM_PTR(&hw_aes_cbc_encrypt_obj) },
    { MP_ROM_QSTR(MP_QSTR_aes_cbc_decrypt), MP_ROM_PTR(&hw_aes_cbc_decrypt_obj) },
    { MP_ROM_QSTR(MP_QSTR_aes_ctr), MP_ROM_PTR(&hw_aes_ctr_obj) },
    { MP_ROM_QSTR(MP_QSTR_ghash), MP_ROM_PTR(&hw_ghash_obj) },
    { MP_ROM_QSTR(MP_QSTR_sha256_compress), MP_ROM_PTR(&hw_sha256_compress_obj) },
    { MP_ROM_QSTR(MP_QSTR_ec_mul), MP_ROM_PTR(&hw_ec_mul_obj) },
    { MP_ROM_QSTR(MP_QSTR_ecdsa_verify), MP_ROM_PTR(&hw_ecdsa_verify_obj) },
    { MP_ROM_QSTR(MP_QSTR_rsa_private), MP_ROM_PTR(&hw_rsa_private_obj) },
    { MP_ROM_QSTR(MP_QSTR_random), MP_ROM_PTR(&hw_random_obj) },
};
static MP_DEFINE_CONST_DICT(mpcrypto_hw_globals, mpcrypto_hw_globals_table);

const mp_obj_module_t mpcrypto_hw_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&mpcrypto_hw_globals,
};

MP_REGISTER_MODULE(MP_QSTR__mpcrypto_hw, mpcrypto_hw_module);
