/* The byte search of spelling.py in the compiled build (setup.py, PAGETEXT_COMPILE=1): where
 * in a file's bytes a name may be spelled, plainly or with a #xx escape (ISO 32000-1 §7.3.5).
 *
 * A file with no /ActualText is searched whole before its structure tree is left unread,
 * and its bytes are mostly binary: fonts and images. Python's bytes.find takes 0.3 ms a MB
 * for a ten-letter name, and its search for # escapes goes back to Python at every #, one
 * byte in 256 of binary data. This scan takes 16 bytes a step (SSE2, every x86-64
 * processor) and tests the name's first and last bytes and the # at once; only a position
 * where they match is looked at byte by byte, and only an escape of one of the name's
 * characters is handed back to Python, which reads the spelling around it.
 *
 * spelling.py's _python_candidates is the reference: both yield the same positions.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "../syntax/_native_hex.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_SSE2 1
#endif

/* Whether a name spelling may start at `at`: the name itself, or a # whose two hex digits
 * escape one of the name's characters (`escapable`, by byte value). */
static int
is_candidate(const unsigned char *data, Py_ssize_t length, Py_ssize_t at, const unsigned char *name,
             Py_ssize_t name_length, const unsigned char *escapable)
{
    if (data[at] == '#') {
        if (at + 2 >= length)
            return 0;
        int high = hex_value(data[at + 1]);
        int low = hex_value(data[at + 2]);
        return high >= 0 && low >= 0 && escapable[high * 16 + low];
    }
    return at + name_length <= length && memcmp(data + at, name, (size_t)name_length) == 0;
}

static Py_ssize_t
scan(const unsigned char *data, Py_ssize_t length, Py_ssize_t start, const unsigned char *name,
     Py_ssize_t name_length, const unsigned char *escapable)
{
    Py_ssize_t at = start;
#ifdef HAVE_SSE2
    const __m128i first = _mm_set1_epi8((char)name[0]);
    const __m128i last = _mm_set1_epi8((char)name[name_length - 1]);
    const __m128i number_sign = _mm_set1_epi8('#');
    /* Each step reads 16 bytes at `at` and 16 at the name's last byte from there. */
    for (; at + name_length - 1 + 16 <= length; at += 16) {
        __m128i here = _mm_loadu_si128((const __m128i *)(data + at));
        __m128i there = _mm_loadu_si128((const __m128i *)(data + at + name_length - 1));
        __m128i ends = _mm_and_si128(_mm_cmpeq_epi8(here, first), _mm_cmpeq_epi8(there, last));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(ends, _mm_cmpeq_epi8(here, number_sign)));
        while (mask) {
            Py_ssize_t found = at + __builtin_ctz(mask);
            if (is_candidate(data, length, found, name, name_length, escapable))
                return found;
            mask &= mask - 1;
        }
    }
#endif
    for (; at < length; at++) {
        if ((data[at] == '#' || data[at] == name[0]) &&
            is_candidate(data, length, at, name, name_length, escapable))
            return at;
    }
    return -1;
}

PyDoc_STRVAR(next_candidate_doc,
             "next_candidate(data, start, name) -> int\n\n"
             "The first position from `start` where `data` holds `name` or a # escape of one\n"
             "of its characters; -1 when there is none.");

static PyObject *
next_candidate(PyObject *module, PyObject *args)
{
    Py_buffer data;
    Py_ssize_t start;
    const unsigned char *name;
    Py_ssize_t name_length;
    if (!PyArg_ParseTuple(args, "y*ny#", &data, &start, &name, &name_length))
        return NULL;
    if (name_length == 0 || start < 0) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, "an empty name or a negative start");
        return NULL;
    }
    unsigned char escapable[256] = {0};
    for (Py_ssize_t index = 0; index < name_length; index++)
        escapable[name[index]] = 1;
    Py_ssize_t found = scan((const unsigned char *)data.buf, data.len, start, name, name_length, escapable);
    PyBuffer_Release(&data);
    return PyLong_FromSsize_t(found);
}

static PyMethodDef methods[] = {
    {"next_candidate", next_candidate, METH_VARARGS, next_candidate_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pagetext.pdf._native_spelling", "The name search of spelling.py in C.", -1, methods,
};

PyMODINIT_FUNC
PyInit__native_spelling(void)
{
    return PyModule_Create(&module);
}
