/* AES (FIPS-197) in CBC mode, for the compiled build (setup.py, PAGETEXT_COMPILE=1): the
 * cipher of the revision 6 password hash (ISO 32000-2 §7.6.4.3.4, Algorithm 2.B), which
 * encrypts some 300 KB per password tried; see aes256_key.py.
 *
 * The tables are computed when the module loads, from the field GF(2^8) with the
 * polynomial x^8 + x^4 + x^3 + x + 1 (FIPS-197 §4, §5.1.1): the S-box as the multiplicative
 * inverse followed by the affine transformation, and for encryption the round tables that
 * join SubBytes, ShiftRows and MixColumns per column. Decryption is written byte by byte:
 * it deciphers a few blocks (a key, /Perms) per file.
 *
 * On x86-64 processors with the AES instructions (AES-NI), CBC encryption runs on them
 * instead, chosen when the module loads: CBC encryption is serial, block after block, and
 * the instructions take a block through a round in a few cycles where the tables take a
 * few dozen (4 KB: 3 µs against 20; the password hash: 0.4 ms against 1.3, its SHA-2 the
 * rest). Both give FIPS-197's cipher; cbc_by_tables keeps the tables for the tests.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <wmmintrin.h>
#define HAVE_AES_INSTRUCTIONS 1
#endif

static uint8_t sbox[256];
static uint8_t inverse_sbox[256];
static uint32_t round_table[4][256];

static uint8_t
xtime(uint8_t value)
{
    return (uint8_t)((value << 1) ^ ((value & 0x80) ? 0x1b : 0x00));
}

static uint8_t
multiply(uint8_t a, uint8_t b)
{
    uint8_t product = 0;
    while (b) {
        if (b & 1)
            product ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return product;
}

static uint8_t
rotate_left(uint8_t value, int shift)
{
    return (uint8_t)((value << shift) | (value >> (8 - shift)));
}

static void
make_tables(void)
{
    for (int x = 0; x < 256; x++) {
        uint8_t inverse = 0;
        for (int y = 1; y < 256 && x != 0; y++) {
            if (multiply((uint8_t)x, (uint8_t)y) == 1) {
                inverse = (uint8_t)y;
                break;
            }
        }
        uint8_t s = (uint8_t)(inverse ^ rotate_left(inverse, 1) ^ rotate_left(inverse, 2)
                              ^ rotate_left(inverse, 3) ^ rotate_left(inverse, 4) ^ 0x63);
        sbox[x] = s;
        inverse_sbox[s] = (uint8_t)x;
    }
    for (int x = 0; x < 256; x++) {
        uint8_t s = sbox[x];
        /* The column MixColumns makes of (s, 0, 0, 0): 2s, s, s, 3s, top byte first. */
        uint32_t word = ((uint32_t)xtime(s) << 24) | ((uint32_t)s << 16) | ((uint32_t)s << 8)
                        | (uint32_t)(xtime(s) ^ s);
        for (int t = 0; t < 4; t++)
            round_table[t][x] = (word >> (8 * t)) | (word << ((32 - 8 * t) & 31));
    }
}

/* SubWord (§5.2): the S-box applied to each byte of a word. */
static uint32_t
sub_word(uint32_t word)
{
    return ((uint32_t)sbox[word >> 24] << 24) | ((uint32_t)sbox[(word >> 16) & 0xff] << 16)
           | ((uint32_t)sbox[(word >> 8) & 0xff] << 8) | (uint32_t)sbox[word & 0xff];
}

/* KeyExpansion (§5.2): 4 × (rounds + 1) words, each a column top byte first. */
static int
expand_key(const uint8_t *key, Py_ssize_t length, uint32_t *words)
{
    int nk = (int)(length / 4);
    int rounds = nk + 6;
    uint8_t rcon = 1;
    for (int i = 0; i < nk; i++)
        words[i] = ((uint32_t)key[4 * i] << 24) | ((uint32_t)key[4 * i + 1] << 16)
                   | ((uint32_t)key[4 * i + 2] << 8) | (uint32_t)key[4 * i + 3];
    for (int i = nk; i < 4 * (rounds + 1); i++) {
        uint32_t temp = words[i - 1];
        if (i % nk == 0) {
            temp = sub_word((temp << 8) | (temp >> 24)) ^ ((uint32_t)rcon << 24); /* RotWord first */
            rcon = xtime(rcon);
        }
        else if (nk > 6 && i % nk == 4)
            temp = sub_word(temp);
        words[i] = words[i - nk] ^ temp;
    }
    return rounds;
}

/* Cipher (§5.1) of one block, its state as four columns. */
static void
encrypt_block(const uint32_t *words, int rounds, const uint8_t *in, uint8_t *out)
{
    uint32_t c[4], t[4];
    for (int i = 0; i < 4; i++)
        c[i] = (((uint32_t)in[4 * i] << 24) | ((uint32_t)in[4 * i + 1] << 16)
                | ((uint32_t)in[4 * i + 2] << 8) | (uint32_t)in[4 * i + 3])
               ^ words[i];
    for (int round = 1; round < rounds; round++) {
        for (int i = 0; i < 4; i++)
            /* ShiftRows: row r of column i comes from column i + r. */
            t[i] = round_table[0][c[i] >> 24] ^ round_table[1][(c[(i + 1) % 4] >> 16) & 0xff]
                   ^ round_table[2][(c[(i + 2) % 4] >> 8) & 0xff] ^ round_table[3][c[(i + 3) % 4] & 0xff]
                   ^ words[4 * round + i];
        memcpy(c, t, sizeof c);
    }
    for (int i = 0; i < 4; i++) {
        uint32_t last = (((uint32_t)sbox[c[i] >> 24] << 24) | ((uint32_t)sbox[(c[(i + 1) % 4] >> 16) & 0xff] << 16)
                         | ((uint32_t)sbox[(c[(i + 2) % 4] >> 8) & 0xff] << 8)
                         | (uint32_t)sbox[c[(i + 3) % 4] & 0xff])
                        ^ words[4 * rounds + i];
        out[4 * i] = (uint8_t)(last >> 24);
        out[4 * i + 1] = (uint8_t)(last >> 16);
        out[4 * i + 2] = (uint8_t)(last >> 8);
        out[4 * i + 3] = (uint8_t)last;
    }
}

/* InvCipher (§5.3) of one block, byte by byte: state[r + 4c] is row r of column c. */
static void
decrypt_block(const uint32_t *words, int rounds, const uint8_t *in, uint8_t *out)
{
    uint8_t state[16], shifted[16];
    for (int i = 0; i < 16; i++)
        state[i] = in[i] ^ (uint8_t)(words[4 * rounds + i / 4] >> (24 - 8 * (i % 4)));
    for (int round = rounds - 1; round >= 0; round--) {
        for (int column = 0; column < 4; column++)
            for (int row = 0; row < 4; row++) /* InvShiftRows, InvSubBytes */
                shifted[row + 4 * ((column + row) % 4)] = inverse_sbox[state[row + 4 * column]];
        for (int i = 0; i < 16; i++) /* AddRoundKey */
            state[i] = shifted[i] ^ (uint8_t)(words[4 * round + i / 4] >> (24 - 8 * (i % 4)));
        if (round == 0)
            break;
        for (int column = 0; column < 4; column++) { /* InvMixColumns */
            uint8_t *s = state + 4 * column;
            uint8_t a0 = s[0], a1 = s[1], a2 = s[2], a3 = s[3];
            s[0] = multiply(a0, 14) ^ multiply(a1, 11) ^ multiply(a2, 13) ^ multiply(a3, 9);
            s[1] = multiply(a0, 9) ^ multiply(a1, 14) ^ multiply(a2, 11) ^ multiply(a3, 13);
            s[2] = multiply(a0, 13) ^ multiply(a1, 9) ^ multiply(a2, 14) ^ multiply(a3, 11);
            s[3] = multiply(a0, 11) ^ multiply(a1, 13) ^ multiply(a2, 9) ^ multiply(a3, 14);
        }
    }
    memcpy(out, state, 16);
}

#ifdef HAVE_AES_INSTRUCTIONS
static int use_aes_instructions;

/* CBC encryption of whole blocks by the AES instructions; `words` as expand_key made them
 * (each a column, top byte first: the instructions take a round key as its 16 bytes). */
__attribute__((target("aes,sse2"))) static void
encrypt_cbc_instructions(const uint32_t *words, int rounds, const uint8_t *iv, const uint8_t *in,
                         uint8_t *out, Py_ssize_t length)
{
    __m128i round_keys[15];
    for (int round = 0; round <= rounds; round++) {
        uint8_t bytes[16];
        for (int i = 0; i < 16; i++)
            bytes[i] = (uint8_t)(words[4 * round + i / 4] >> (24 - 8 * (i % 4)));
        round_keys[round] = _mm_loadu_si128((const __m128i *)bytes);
    }
    __m128i chain = _mm_loadu_si128((const __m128i *)iv);
    for (Py_ssize_t at = 0; at < length; at += 16) {
        __m128i state = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + at)), chain);
        state = _mm_xor_si128(state, round_keys[0]);
        for (int round = 1; round < rounds; round++)
            state = _mm_aesenc_si128(state, round_keys[round]);
        chain = _mm_aesenclast_si128(state, round_keys[rounds]);
        _mm_storeu_si128((__m128i *)(out + at), chain);
    }
}
#endif

/* AES-128/192/256 in CBC mode, no padding; by the instructions when `instructions` and the
 * processor has them. */
static PyObject *
cbc_by(PyObject *const *args, Py_ssize_t count, int instructions)
{
    if (count != 4 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1]) || !PyBytes_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "cbc(key: bytes, iv: bytes, data: bytes, encrypt: bool)");
        return NULL;
    }
    int encrypt = PyObject_IsTrue(args[3]);
    if (encrypt < 0)
        return NULL;
    Py_ssize_t key_length = PyBytes_GET_SIZE(args[0]);
    Py_ssize_t length = PyBytes_GET_SIZE(args[2]);
    if ((key_length != 16 && key_length != 24 && key_length != 32) || PyBytes_GET_SIZE(args[1]) != 16
        || length % 16 != 0) {
        PyErr_SetString(PyExc_ValueError, "cbc: a key of 16, 24 or 32 bytes, an iv of 16, whole blocks");
        return NULL;
    }
    uint32_t words[60];
    int rounds = expand_key((const uint8_t *)PyBytes_AS_STRING(args[0]), key_length, words);
    PyObject *result = PyBytes_FromStringAndSize(NULL, length);
    if (result == NULL)
        return NULL;
    const uint8_t *in = (const uint8_t *)PyBytes_AS_STRING(args[2]);
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
#ifdef HAVE_AES_INSTRUCTIONS
    if (encrypt && instructions && use_aes_instructions) {
        encrypt_cbc_instructions(words, rounds, (const uint8_t *)PyBytes_AS_STRING(args[1]),
                                 (const uint8_t *)PyBytes_AS_STRING(args[2]),
                                 (uint8_t *)PyBytes_AS_STRING(result), length);
        return result;
    }
#endif
    uint8_t chain[16], block[16];
    memcpy(chain, PyBytes_AS_STRING(args[1]), 16);
    for (Py_ssize_t at = 0; at < length; at += 16) {
        if (encrypt) { /* C_i = E(P_i xor C_i-1) */
            for (int i = 0; i < 16; i++)
                block[i] = in[at + i] ^ chain[i];
            encrypt_block(words, rounds, block, out + at);
            memcpy(chain, out + at, 16);
        }
        else { /* P_i = D(C_i) xor C_i-1 */
            decrypt_block(words, rounds, in + at, block);
            for (int i = 0; i < 16; i++)
                out[at + i] = block[i] ^ chain[i];
            memcpy(chain, in + at, 16);
        }
    }
    return result;
}

/* cbc(key, iv, data, encrypt) -> bytes */
static PyObject *
cbc(PyObject *module, PyObject *const *args, Py_ssize_t count)
{
    (void)module;
    return cbc_by(args, count, 1);
}

/* cbc_by_tables(key, iv, data, encrypt) -> bytes: cbc without the AES instructions (the
 * reference the tests compare them with). */
static PyObject *
cbc_by_tables(PyObject *module, PyObject *const *args, Py_ssize_t count)
{
    (void)module;
    return cbc_by(args, count, 0);
}

static PyMethodDef methods[] = {
    {"cbc", (PyCFunction)(void (*)(void))cbc, METH_FASTCALL,
     "cbc(key, iv, data, encrypt): AES in CBC mode, no padding"},
    {"cbc_by_tables", (PyCFunction)(void (*)(void))cbc_by_tables, METH_FASTCALL,
     "cbc_by_tables(key, iv, data, encrypt): cbc without the AES instructions"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_native_aes",
    .m_doc = "AES in CBC mode (FIPS-197), for the revision 6 password hash (see aes256_key.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__native_aes(void)
{
    make_tables();
#ifdef HAVE_AES_INSTRUCTIONS
    __builtin_cpu_init();
    use_aes_instructions = __builtin_cpu_supports("aes");
#endif
    return PyModule_Create(&module_def);
}
