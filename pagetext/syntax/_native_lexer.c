/* The content-stream lexer in C, for the compiled build (setup.py, PAGETEXT_COMPILE=1).
 *
 * operations() is the twin of `_operations` in lexer.py, read_operations() of
 * `_read_operations`; the Python ones stay the reference: the same tokens, values, token
 * indices, skipped operators and warnings, in the same order (tests/syntax/test_native_lexer.py
 * compares them on built streams and on every corpus page). The rare paths call the Python
 * helpers given to setup(): unterminated literal strings, damaged hex strings, names with #xx
 * escapes, dictionaries and inline-image data. For read_operations, the numbers before an
 * operator in `unread` are counted but never made (paths and colours, which text extraction
 * ignores).
 *
 * ISO 32000-1 §7.2 (lexical conventions), §7.3 (objects), §8.9.7 (inline images).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "_native_hex.h"

enum { WHITE = 0, DELIMITER = 1, REGULAR = 2, NUMBER = 3 };
static unsigned char byte_class[256];

/* 10**k for k <= 22 is exact in binary64 (see _EXACT_POWERS_OF_TEN in lexer.py). */
static const double exact_powers_of_ten[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};
#define MAX_FAST_DIGITS 15
#define MAX_INTEGER_LENGTH 18
/* Inlined where it is called, so that the skim (no value wanted) compiles without making one:
 * called, the scan costs more than it reads on the median documents. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static PyObject *read_literal_fn, *decode_hex_fn, *decode_name_fn, *to_dict_fn, *skip_inline_image_fn, *reference_fn;

/* Short ASCII words (operators, names) as str, made once per process: a probe in this table
 * costs less than decoding the word again. Bounded, as damaged streams invent words. */
#define WORD_SLOTS 4096
#define MAX_WORDS 2048
#define MAX_WORD_LENGTH 7
typedef struct {
    uint64_t key; /* the bytes, and the length in the top byte; 0: empty */
    PyObject *text;
    /* Whether the word is in this unread set (a reference kept, so that no other set takes
     * its address): a set lookup per operator costs more than the rest of its lexing. */
    PyObject *unread_set;
    int unread;
} WordSlot;
static WordSlot words[WORD_SLOTS];
static int word_count;

/* The word as a new reference to a str: decoded as UTF-8, else Latin-1, as decode_name does;
 * for ASCII, where the table applies, both decodings agree. *found: its slot in the table, or
 * NULL when it has none. */
static PyObject *
word_text(const unsigned char *start, Py_ssize_t length, int utf8, WordSlot **found)
{
    *found = NULL;
    uint64_t key = 0;
    int ascii = length <= MAX_WORD_LENGTH;
    for (Py_ssize_t i = 0; ascii && i < length; i++) {
        if (start[i] >= 0x80)
            ascii = 0;
        else
            key |= (uint64_t)start[i] << (8 * i);
    }
    if (!ascii || length == 0) {
        if (!utf8)
            return PyUnicode_DecodeLatin1((const char *)start, length, NULL);
        PyObject *text = PyUnicode_DecodeUTF8((const char *)start, length, NULL);
        if (text == NULL && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
            PyErr_Clear();
            text = PyUnicode_DecodeLatin1((const char *)start, length, NULL);
        }
        return text;
    }
    key |= (uint64_t)length << 56;
    size_t slot = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 52) & (WORD_SLOTS - 1);
    while (words[slot].key != 0) {
        if (words[slot].key == key) {
            *found = &words[slot];
            Py_INCREF(words[slot].text);
            return words[slot].text;
        }
        slot = (slot + 1) & (WORD_SLOTS - 1);
    }
    PyObject *text = PyUnicode_DecodeLatin1((const char *)start, length, NULL);
    if (text != NULL && word_count < MAX_WORDS) {
        PyUnicode_InternInPlace(&text);
        words[slot].key = key;
        words[slot].text = text;
        Py_INCREF(text);
        word_count++;
        *found = &words[slot];
    }
    return text;
}

typedef struct {
    PyObject_HEAD
    PyObject *data;       /* bytes */
    PyObject *warn;       /* callable taking the message */
    PyObject *unread;     /* a set of operator names, or NULL */
    /* read_operations only (NULL for operations): a list whose item 0 is how many operators
     * the stream may have before the page's budget is crossed; the caller lowers it when a
     * form spends from the budget. Unread operators within it are skipped, not yielded. */
    PyObject *allowance;
    long long lexed;      /* operators of the stream so far, skipped ones included */
    long long skipped;    /* unread operators skipped since the last one yielded */
    PyObject *last_skipped; /* the last of them (a str), yielded when the stream ends on them */
    long long last_skipped_index;
    /* The operands read since the last operator, an open array's or dictionary's items
     * after its own start: kept here and made one list each when complete, not appended to
     * lists one by one. Owned references. */
    PyObject **items;
    Py_ssize_t item_count;
    Py_ssize_t item_capacity;
    /* The tuple the last operation was yielded in, and so its operands list: refilled for
     * the next operation when its caller holds neither any more (zip() and enumerate() keep
     * their tuple so): the interpreter unpacks each operation and lets it go, and a page's
     * operations cost two objects made and freed each otherwise. */
    PyObject *result;
    Py_ssize_t *opened;  /* per open container, innermost last: where its items start */
    char *opened_dict;   /* per open container: whether it is a dictionary */
    Py_ssize_t open_count;
    Py_ssize_t open_capacity;
    const unsigned char *bytes;
    Py_ssize_t pos;
    Py_ssize_t end;
    long long index;
    int inline_image; /* between BI and ID: the tokens are the image's dictionary */
    int references;   /* object syntax: N G R inside an array or dictionary is a reference */
    int done;
} Lexer;

static int
warn(Lexer *self, PyObject *message)
{
    if (message == NULL)
        return -1;
    PyObject *result = PyObject_CallOneArg(self->warn, message);
    Py_DECREF(message);
    if (result == NULL)
        return -1;
    Py_DECREF(result);
    return 0;
}

/* Add an item, taking the reference to `value` (NULL: the error of the call that made it). */
static int
push(Lexer *self, PyObject *value)
{
    if (value == NULL)
        return -1;
    if (self->item_count == self->item_capacity) {
        Py_ssize_t capacity = self->item_capacity * 2;
        PyObject **items = PyMem_Realloc(self->items, capacity * sizeof(PyObject *));
        if (items == NULL) {
            Py_DECREF(value);
            PyErr_NoMemory();
            return -1;
        }
        self->items = items;
        self->item_capacity = capacity;
    }
    self->items[self->item_count++] = value;
    return 0;
}

/* The items from `first` on as a new list, which takes their references. */
static PyObject *
take_items(Lexer *self, Py_ssize_t first)
{
    PyObject *list = PyList_New(self->item_count - first);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = first; i < self->item_count; i++)
        PyList_SET_ITEM(list, i - first, self->items[i]);
    self->item_count = first;
    return list;
}

/* Drop the items from `first` on. */
static void
drop_items(Lexer *self, Py_ssize_t first)
{
    while (self->item_count > first) {
        self->item_count--;
        Py_DECREF(self->items[self->item_count]);
    }
}

/* Where the innermost open container's items start (0 when none is open). */
static Py_ssize_t
innermost_start(Lexer *self)
{
    return self->open_count > 0 ? self->opened[self->open_count - 1] : 0;
}

/* A number token as scanned: where it lies and its parts, its value not made yet. */
typedef struct {
    Py_ssize_t start, end;
    long long mantissa; /* of the first MAX_INTEGER_LENGTH digits */
    long long digits;
    long long fraction; /* digits after the dot; -1: no dot */
    int negative;
} Number;

/* Scan the number at `start` (as _read_number reads it): 1 with *number set, 0 when the bytes
 * are no number. */
static ALWAYS_INLINE int
scan_number(const unsigned char *data, Py_ssize_t start, Py_ssize_t end, Number *number)
{
    Py_ssize_t pos = start;
    int negative = 0;
    unsigned char byte = data[pos];
    if (byte == '-' || byte == '+') {
        negative = byte == '-';
        pos++;
    }
    long long mantissa = 0;
    long long digits = 0;
    long long fraction = -1;
    while (pos < end) {
        byte = data[pos];
        if (byte >= '0' && byte <= '9') {
            if (digits < MAX_INTEGER_LENGTH)
                mantissa = mantissa * 10 + (byte - '0');
            digits++;
            if (fraction >= 0)
                fraction++;
        }
        else if (byte == '.' && fraction < 0)
            fraction = 0;
        else
            break;
        pos++;
    }
    if (digits == 0)
        return 0;
    number->start = start;
    number->end = pos;
    number->mantissa = mantissa;
    number->digits = digits;
    number->fraction = fraction;
    number->negative = negative;
    return 1;
}

/* The value of a scanned number as a new reference (NULL on error). */
static PyObject *
number_value(const unsigned char *data, const Number *number)
{
    if (number->end - number->start > MAX_INTEGER_LENGTH
        || (number->fraction >= 0 && number->digits > MAX_FAST_DIGITS)) {
        PyObject *text = PyBytes_FromStringAndSize((const char *)data + number->start, number->end - number->start);
        if (text == NULL)
            return NULL;
        PyObject *value = PyFloat_FromString(text);
        Py_DECREF(text);
        return value;
    }
    if (number->fraction >= 0) {
        double value = (double)number->mantissa / exact_powers_of_ten[number->fraction];
        return PyFloat_FromDouble(number->negative ? -value : value);
    }
    return PyLong_FromLongLong(number->negative ? -number->mantissa : number->mantissa);
}

/* The number at `start`: 1 with *value and *after set, 0 when the bytes are no number, -1 on
 * error. */
static ALWAYS_INLINE int
read_number(const unsigned char *data, Py_ssize_t start, Py_ssize_t end, PyObject **value, Py_ssize_t *after)
{
    Number number;
    if (!scan_number(data, start, end, &number))
        return 0;
    *after = number.end;
    *value = number_value(data, &number);
    return *value == NULL ? -1 : 1;
}

/* Numbers kept from the skim, so that an operator's operands are not scanned twice: cm and Tm
 * have six. */
#define SKIM_KEPT 8

/* A run of plain numbers, each followed by white space, then a keyword: its offset and the
 * number count, the first SKIM_KEPT numbers in `kept`, or -1 when the run is anything else:
 * a number run into another token ("1.5.2", "12abc"), a comment, a string, a name. */
static Py_ssize_t
skim_numbers(const unsigned char *data, Py_ssize_t pos, Py_ssize_t end, long long *count, Number *kept)
{
    *count = 0;
    while (pos < end) {
        int kind = byte_class[data[pos]];
        if (kind == REGULAR)
            return *count ? pos : -1;
        Number number;
        if (kind != NUMBER || !scan_number(data, pos, end, &number) || number.end >= end
            || byte_class[data[number.end]] != WHITE)
            return -1;
        if (*count < SKIM_KEPT)
            kept[*count] = number;
        (*count)++;
        pos = number.end;
        while (pos < end && byte_class[data[pos]] == WHITE)
            pos++;
    }
    return -1;
}

/* Object syntax (§7.3.10): the R that ends "N G R" in the innermost container makes its two
 * numbers before it one reference. 1 when made, 0 when the items before it are not two
 * non-negative integers (the R is then junk, as in a content stream), -1 on error. */
static int
make_reference(Lexer *self)
{
    Py_ssize_t count = self->item_count;
    if (count - self->opened[self->open_count - 1] < 2)
        return 0;
    PyObject *number = self->items[count - 2], *generation = self->items[count - 1];
    if (!PyLong_CheckExact(number) || !PyLong_CheckExact(generation))
        return 0;
    long long object_number = PyLong_AsLongLong(number), generation_number = PyLong_AsLongLong(generation);
    if (object_number < 0 || generation_number < 0) {
        PyErr_Clear(); /* an overflow reads as -1 with an error set: no reference either */
        return 0;
    }
    PyObject *reference = PyObject_CallFunctionObjArgs(reference_fn, number, generation, NULL);
    if (reference == NULL)
        return -1;
    Py_DECREF(number);
    Py_DECREF(generation);
    self->item_count -= 2;
    return push(self, reference) < 0 ? -1 : 1;
}

/* Close the innermost container: its items become one item of the one it was opened in. */
static int
close_container(Lexer *self)
{
    self->open_count--;
    int is_dict = self->opened_dict[self->open_count];
    PyObject *list = take_items(self, self->opened[self->open_count]);
    if (list == NULL || !is_dict)
        return push(self, list);
    PyObject *item = PyObject_CallFunctionObjArgs(to_dict_fn, list, self->warn, NULL);
    Py_DECREF(list);
    return push(self, item);
}

static int
open_container(Lexer *self, int is_dict)
{
    if (self->open_count == self->open_capacity) {
        Py_ssize_t capacity = self->open_capacity * 2;
        Py_ssize_t *opened = PyMem_Realloc(self->opened, capacity * sizeof(Py_ssize_t));
        if (opened == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->opened = opened;
        char *opened_dict = PyMem_Realloc(self->opened_dict, capacity);
        if (opened_dict == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->opened_dict = opened_dict;
        self->open_capacity = capacity;
    }
    self->opened[self->open_count] = self->item_count;
    self->opened_dict[self->open_count] = (char)is_dict;
    self->open_count++;
    return 0;
}

/* A hex string of digit pairs with white space only between pairs, which bytes.fromhex reads
 * (decode_hex's first try); any other is left to decode_hex. NULL without an error set: not
 * this case. */
static PyObject *
plain_hex(const unsigned char *data, Py_ssize_t start, Py_ssize_t end)
{
    PyObject *result = PyBytes_FromStringAndSize(NULL, (end - start) / 2);
    if (result == NULL)
        return NULL;
    unsigned char *out = (unsigned char *)PyBytes_AS_STRING(result);
    Py_ssize_t length = 0;
    for (Py_ssize_t pos = start; pos < end;) {
        unsigned char byte = data[pos];
        if (byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r' || byte == '\f') {
            pos++;
            continue;
        }
        int high = hex_value(byte);
        int low = pos + 1 < end ? hex_value(data[pos + 1]) : -1;
        if (high < 0 || low < 0) {
            Py_DECREF(result);
            return NULL;
        }
        out[length++] = (unsigned char)(high * 16 + low);
        pos += 2;
    }
    if (_PyBytes_Resize(&result, length) < 0)
        return NULL;
    return result;
}

/* helper(the bytes of data[start:end], extra): the Python helper for a rare case; with extra
 * NULL the bytes are its only argument (NULL ends the argument list). */
static PyObject *
call_helper(PyObject *helper, Lexer *self, Py_ssize_t start, Py_ssize_t end, PyObject *extra)
{
    PyObject *raw = PyBytes_FromStringAndSize((const char *)self->bytes + start, end - start);
    if (raw == NULL)
        return NULL;
    PyObject *result = PyObject_CallFunctionObjArgs(helper, raw, extra, NULL);
    Py_DECREF(raw);
    return result;
}

/* Refill `list` (its only reference held by the kept tuple) with the items, which it takes;
 * 0 when it has too little room (the caller makes a new list). */
static int
refill_items(Lexer *self, PyObject *list)
{
    PyListObject *items = (PyListObject *)list;
    Py_ssize_t count = self->item_count;
    if (!PyList_CheckExact(list) || items->allocated < count)
        return 0;
    /* Emptied before its old items are released: a destructor that runs sees no stale item. */
    Py_ssize_t old = Py_SIZE(items);
    Py_SET_SIZE(items, 0);
    for (Py_ssize_t i = 0; i < old; i++)
        Py_DECREF(items->ob_item[i]);
    for (Py_ssize_t i = 0; i < count; i++)
        items->ob_item[i] = self->items[i];
    Py_SET_SIZE(items, count);
    self->item_count = 0;
    return 1;
}

/* Item `i` of the kept tuple `result` replaced by `value` (a new reference). */
static void
replace_item(PyObject *result, Py_ssize_t i, PyObject *value)
{
    PyObject *old = PyTuple_GET_ITEM(result, i);
    PyTuple_SET_ITEM(result, i, value);
    Py_DECREF(old);
}

/* The kept tuple refilled with the operation, or NULL when its caller still holds it. */
static PyObject *
refilled_operation(Lexer *self, PyObject *op, PyObject *index, PyObject *skipped)
{
    PyObject *result = self->result;
    if (result == NULL || Py_REFCNT(result) != 1)
        return NULL;
    PyObject *operands = PyTuple_GET_ITEM(result, 1);
    if (Py_REFCNT(operands) != 1 || !refill_items(self, operands)) {
        operands = take_items(self, 0);
        if (operands == NULL)
            return NULL;
        replace_item(result, 1, operands);
    }
    replace_item(result, 0, op);
    replace_item(result, 2, index);
    if (skipped != NULL)
        replace_item(result, 3, skipped);
    /* Still tracked by the cycle collector: it untracks only tuples of untracked items, and
     * this one holds a list throughout. */
    return Py_NewRef(result);
}

/* The operation (operator, operands, index) as a tuple, or for read_operations
 * (operator, operands, index, skipped), taking the reference to `op` and the items (no
 * container is open). */
static PyObject *
operation(Lexer *self, PyObject *op)
{
    PyObject *index = PyLong_FromLongLong(self->index);
    PyObject *skipped = NULL;
    if (index != NULL && self->allowance != NULL)
        skipped = PyLong_FromLongLong(self->skipped);
    PyObject *result = NULL;
    if (index != NULL && (self->allowance == NULL || skipped != NULL)) {
        result = refilled_operation(self, op, index, skipped);
        if (result == NULL && !PyErr_Occurred()) {
            PyObject *operands = take_items(self, 0);
            result = operands != NULL ? PyTuple_New(self->allowance != NULL ? 4 : 3) : NULL;
            if (result != NULL) {
                PyTuple_SET_ITEM(result, 0, op);
                PyTuple_SET_ITEM(result, 1, operands);
                PyTuple_SET_ITEM(result, 2, index);
                if (skipped != NULL)
                    PyTuple_SET_ITEM(result, 3, skipped);
                Py_XSETREF(self->result, Py_NewRef(result));
            }
            else
                Py_XDECREF(operands);
        }
    }
    if (result == NULL) {
        Py_XDECREF(index);
        Py_XDECREF(skipped);
        Py_DECREF(op);
        self->done = 1;
        return NULL;
    }
    self->skipped = 0;
    return result;
}

/* Whether `op` (its word's slot in `slot`, or NULL) is in the unread set: 1, 0, or -1 on
 * error. */
static int
is_unread(Lexer *self, PyObject *op, WordSlot *slot)
{
    if (self->unread == NULL)
        return 0;
    if (slot != NULL && slot->unread_set == self->unread)
        return slot->unread;
    int unread = PySet_Contains(self->unread, op);
    if (unread >= 0 && slot != NULL) {
        Py_XSETREF(slot->unread_set, Py_NewRef(self->unread));
        slot->unread = unread;
    }
    return unread;
}

/* The operator `op` (a new reference) ends an operation: for read_operations, an unread one
 * loses its operands and, within the allowance, is skipped (NULL without an error set: read
 * on). `unread`: whether `op` is in the unread set (is_unread), -1 on its error. */
static PyObject *
emit(Lexer *self, PyObject *op, int unread)
{
    if (self->allowance == NULL)
        return operation(self, op);
    self->lexed++;
    if (unread < 0) {
        Py_DECREF(op);
        self->done = 1;
        return NULL;
    }
    if (!unread)
        return operation(self, op);
    drop_items(self, 0);
    long long allowance = PyLong_AsLongLong(PyList_GET_ITEM(self->allowance, 0));
    if (allowance == -1 && PyErr_Occurred()) {
        Py_DECREF(op);
        self->done = 1;
        return NULL;
    }
    if (self->lexed > allowance) /* this one crosses the budget: the caller sees it */
        return operation(self, op);
    self->skipped++;
    Py_XSETREF(self->last_skipped, op);
    self->last_skipped_index = self->index;
    return NULL;
}

/* Numbers alone before an operator: that operator read, its numbers skipped when the caller
 * does not read it, else its operands. 1 with *result the operation (NULL: skipped), 0 when
 * the run is not that (the tokens are then read one by one), -1 on error. */
static int
skimmed(Lexer *self, PyObject **result)
{
    const unsigned char *data = self->bytes;
    long long count;
    Number kept[SKIM_KEPT];
    Py_ssize_t keyword = skim_numbers(data, self->pos, self->end, &count, kept);
    if (keyword < 0)
        return 0;
    Py_ssize_t keyword_end = keyword + 1;
    while (keyword_end < self->end && byte_class[data[keyword_end]] >= REGULAR)
        keyword_end++;
    Py_ssize_t length = keyword_end - keyword;
    /* BI starts an inline image, and the constants are operands (lengths first: this runs
     * for every operator with numbers). */
    const char *word = (const char *)data + keyword;
    if ((length == 2 && memcmp(word, "BI", 2) == 0)
        || (length == 4 && (memcmp(word, "true", 4) == 0 || memcmp(word, "null", 4) == 0))
        || (length == 5 && memcmp(word, "false", 5) == 0))
        return 0;
    WordSlot *slot;
    PyObject *op = word_text(data + keyword, length, 0, &slot);
    if (op == NULL)
        return -1;
    int unread = is_unread(self, op, slot);
    if (unread < 0) {
        Py_DECREF(op);
        return -1;
    }
    if (!unread) { /* read: the numbers are its operands, made now */
        Py_ssize_t pos = self->pos;
        for (long long index = 0; index < count; index++) {
            Number number = {0};
            if (index < SKIM_KEPT)
                number = kept[index];
            else { /* scanned again: the skim keeps only the first ones */
                while (byte_class[data[pos]] == WHITE) /* the keyword ends the run */
                    pos++;
                scan_number(data, pos, self->end, &number); /* the skim found one here */
            }
            pos = number.end;
            if (push(self, number_value(data, &number)) < 0) {
                drop_items(self, 0);
                Py_DECREF(op);
                return -1;
            }
        }
    }
    self->index += count + 1;
    self->pos = keyword_end;
    *result = emit(self, op, unread);
    return *result != NULL || !PyErr_Occurred() ? 1 : -1;
}

/* A literal string with escapes, nesting or CRs, as read_literal in lexer.py reads it:
 * `start` follows its '(', `first` is its first special byte. Makes *result a new bytes and
 * sets *after past the closing ')': 1. Returns 0 when the string is unterminated (the Python
 * helper then reads it and warns), -1 with an exception set when memory runs out. */
static int
escaped_literal(const unsigned char *data, Py_ssize_t start, Py_ssize_t first, Py_ssize_t end, PyObject **result,
                Py_ssize_t *after)
{
    Py_ssize_t depth = 1, pos = first;
    while (pos < end) { /* the end first, as the reference does (§7.3.4.2) */
        unsigned char byte = data[pos];
        if (byte == '\\')
            pos += 2;
        else if (byte == '(')
            depth++, pos++;
        else if (byte == ')' && --depth == 0)
            break;
        else
            pos++;
    }
    if (pos >= end)
        return 0;
    *after = pos + 1;
    Py_ssize_t stop = pos;
    PyObject *value = PyBytes_FromStringAndSize(NULL, stop - start); /* escapes only shorten */
    if (value == NULL)
        return -1;
    char *out = PyBytes_AS_STRING(value);
    Py_ssize_t length = 0;
    for (pos = start; pos < stop;) {
        unsigned char byte = data[pos];
        if (byte == '\r') { /* a bare CR or CRLF reads as LF */
            out[length++] = '\n';
            pos += pos + 1 < stop && data[pos + 1] == '\n' ? 2 : 1;
            continue;
        }
        if (byte != '\\' || pos + 1 >= stop) {
            out[length++] = (char)byte;
            pos++;
            continue;
        }
        unsigned char next = data[pos + 1];
        pos += 2;
        if (next >= '0' && next <= '7') { /* up to three octal digits, the high bits dropped */
            unsigned int code = next - '0';
            for (int digits = 1; digits < 3 && pos < stop && data[pos] >= '0' && data[pos] <= '7'; digits++)
                code = code * 8 + (data[pos++] - '0');
            out[length++] = (char)(code & 0xFF);
        }
        else if (next == '\r') { /* a backslash before an end of line: a continuation */
            if (pos < stop && data[pos] == '\n')
                pos++;
        }
        else if (next != '\n') {
            switch (next) {
            case 'n': out[length++] = '\n'; break;
            case 'r': out[length++] = '\r'; break;
            case 't': out[length++] = '\t'; break;
            case 'b': out[length++] = '\b'; break;
            case 'f': out[length++] = '\f'; break;
            default: out[length++] = (char)next; /* an unknown escape keeps the byte */
            }
        }
    }
    if (_PyBytes_Resize(&value, length) < 0)
        return -1;
    *result = value;
    return 1;
}

static PyObject *
lexer_next(Lexer *self)
{
    if (self->done)
        return NULL;
    const unsigned char *data = self->bytes;
    Py_ssize_t end = self->end;
    while (self->pos < end) {
        Py_ssize_t pos = self->pos;
        unsigned char byte = data[pos];
        int kind = byte_class[byte];
        if (kind == WHITE) {
            self->pos++;
            continue;
        }
        if (kind == NUMBER) {
            if (self->unread != NULL && self->item_count == 0 && self->open_count == 0 && !self->inline_image) {
                PyObject *result;
                int skim = skimmed(self, &result);
                if (skim < 0)
                    goto error;
                if (skim > 0) {
                    if (result != NULL)
                        return result;
                    continue;
                }
            }
            PyObject *value;
            Py_ssize_t after;
            int number = read_number(data, pos, end, &value, &after);
            if (number < 0)
                goto error;
            if (number) {
                self->index++;
                if (push(self, value) < 0)
                    goto error;
                self->pos = after;
                continue;
            }
        }
        if (kind != DELIMITER) { /* a keyword: an operator, true, false or null */
            Py_ssize_t start = pos++;
            while (pos < end && byte_class[data[pos]] >= REGULAR)
                pos++;
            self->pos = pos;
            self->index++;
            Py_ssize_t length = pos - start;
            const char *word = (const char *)data + start;
            if (length == 4 && memcmp(word, "true", 4) == 0) {
                if (push(self, Py_NewRef(Py_True)) < 0)
                    goto error;
                continue;
            }
            if (length == 5 && memcmp(word, "false", 5) == 0) {
                if (push(self, Py_NewRef(Py_False)) < 0)
                    goto error;
                continue;
            }
            if (length == 4 && memcmp(word, "null", 4) == 0) {
                if (push(self, Py_NewRef(Py_None)) < 0)
                    goto error;
                continue;
            }
            if (length == 2 && memcmp(word, "BI", 2) == 0) {
                self->inline_image = 1;
                drop_items(self, innermost_start(self));
                continue;
            }
            if (length == 2 && memcmp(word, "ID", 2) == 0 && self->inline_image) {
                self->inline_image = 0;
                while (self->open_count > 0)
                    if (close_container(self) < 0)
                        goto error;
                if (pos < end && byte_class[data[pos]] == WHITE)
                    pos++; /* exactly one white-space byte separates ID from the data (§8.9.7) */
                PyObject *entries = take_items(self, 0);
                if (entries == NULL)
                    goto error;
                PyObject *params = PyObject_CallFunctionObjArgs(to_dict_fn, entries, self->warn, NULL);
                Py_DECREF(entries);
                if (params == NULL)
                    goto error;
                PyObject *start_offset = PyLong_FromSsize_t(pos);
                if (start_offset == NULL) {
                    Py_DECREF(params);
                    goto error;
                }
                PyObject *after = PyObject_CallFunctionObjArgs(
                    skip_inline_image_fn, self->data, start_offset, params, self->warn, NULL);
                Py_DECREF(start_offset);
                if (after == NULL) {
                    Py_DECREF(params);
                    goto error;
                }
                self->pos = PyLong_AsSsize_t(after);
                Py_DECREF(after);
                if (self->pos == -1 && PyErr_Occurred()) {
                    Py_DECREF(params);
                    goto error;
                }
                self->index++; /* the data up to EI counts as one token */
                /* The image is painted here: an EI operation with its dictionary (§8.9.7). */
                if (push(self, params) < 0)
                    goto error;
                PyObject *painted = PyUnicode_InternFromString("EI");
                if (painted == NULL)
                    goto error;
                PyObject *result = emit(self, painted, is_unread(self, painted, NULL));
                if (result != NULL)
                    return result;
                if (PyErr_Occurred())
                    goto error;
                continue;
            }
            if (self->open_count > 0) {
                if (self->references && length == 1 && word[0] == 'R') {
                    int made = make_reference(self);
                    if (made < 0)
                        goto error;
                    if (made)
                        continue;
                }
                /* As viewers do, an operator inside an array is junk: drop it, keep the array. */
                self->index--;
                PyObject *text = PyUnicode_DecodeLatin1(word, length, NULL);
                if (text == NULL)
                    goto error;
                int failed = warn(self, PyUnicode_FromFormat("operator %R inside an array or dictionary; skipped", text));
                Py_DECREF(text);
                if (failed < 0)
                    goto error;
                continue;
            }
            WordSlot *slot;
            PyObject *op = word_text((const unsigned char *)word, length, 0, &slot);
            if (op == NULL)
                goto error;
            PyObject *result = emit(self, op, is_unread(self, op, slot));
            if (result != NULL)
                return result;
            if (PyErr_Occurred())
                goto error;
            continue;
        }
        if (byte == '/') {
            Py_ssize_t start = ++pos;
            while (pos < end && byte_class[data[pos]] >= REGULAR)
                pos++;
            self->pos = pos;
            self->index++;
            WordSlot *slot;
            PyObject *name = memchr(data + start, '#', pos - start) != NULL
                                 ? call_helper(decode_name_fn, self, start, pos, NULL)
                                 : word_text(data + start, pos - start, 1, &slot);
            if (push(self, name) < 0)
                goto error;
        }
        else if (byte == '(') {
            self->index++;
            Py_ssize_t start = ++pos;
            while (pos < end) {
                byte = data[pos];
                if (byte == ')' || byte == '(' || byte == '\\' || byte == '\r')
                    break;
                pos++;
            }
            if (pos < end && data[pos] == ')') { /* no escapes, nesting or CR: the bytes */
                if (push(self, PyBytes_FromStringAndSize((const char *)data + start, pos - start)) < 0)
                    goto error;
                self->pos = pos + 1;
            }
            else {
                Py_ssize_t after;
                PyObject *value;
                int found = escaped_literal(data, start, pos, end, &value, &after);
                if (found < 0)
                    goto error;
                if (found == 0) { /* unterminated: the helper reads to the end and warns */
                    PyObject *start_offset = PyLong_FromSsize_t(start);
                    if (start_offset == NULL)
                        goto error;
                    PyObject *result =
                        PyObject_CallFunctionObjArgs(read_literal_fn, self->data, start_offset, self->warn, NULL);
                    Py_DECREF(start_offset);
                    if (result == NULL)
                        goto error;
                    after = PyLong_AsSsize_t(PyTuple_GET_ITEM(result, 1));
                    value = Py_NewRef(PyTuple_GET_ITEM(result, 0));
                    Py_DECREF(result);
                    if (after == -1 && PyErr_Occurred()) {
                        Py_DECREF(value);
                        goto error;
                    }
                }
                self->pos = after;
                if (push(self, value) < 0)
                    goto error;
            }
        }
        else if (byte == '<') {
            if (pos + 1 < end && data[pos + 1] == '<') {
                self->index++;
                self->pos = pos + 2;
                if (open_container(self, 1) < 0)
                    goto error;
                continue;
            }
            Py_ssize_t start = ++pos;
            while (pos < end && data[pos] != '>' && data[pos] != '<')
                pos++;
            if (pos < end && data[pos] == '>') {
                self->index++;
                PyObject *value = plain_hex(data, start, pos);
                if (value == NULL && !PyErr_Occurred())
                    value = call_helper(decode_hex_fn, self, start, pos, self->warn);
                if (push(self, value) < 0)
                    goto error;
                self->pos = pos + 1;
            }
            else {
                self->pos = start;
                if (warn(self, PyUnicode_FromFormat("unexpected byte b'<' at offset %zd; skipped", start - 1)) < 0)
                    goto error;
            }
        }
        else if (byte == '[') {
            self->index++;
            self->pos = pos + 1;
            if (open_container(self, 0) < 0)
                goto error;
        }
        else if (byte == ']' || (byte == '>' && pos + 1 < end && data[pos + 1] == '>')) {
            int is_dict = byte == '>';
            self->pos = pos + (is_dict ? 2 : 1);
            self->index++;
            if (self->open_count == 0 || self->opened_dict[self->open_count - 1] != is_dict) {
                if (warn(self, PyUnicode_FromString(is_dict ? "unmatched '>>'; skipped" : "unmatched ']'; skipped")) < 0)
                    goto error;
                continue;
            }
            if (close_container(self) < 0)
                goto error;
        }
        else if (byte == '%') { /* a comment, up to the end of the line */
            while (pos < end && data[pos] != '\r' && data[pos] != '\n')
                pos++;
            self->pos = pos;
        }
        else {
            self->pos = pos + 1;
            PyObject *one = PyBytes_FromStringAndSize((const char *)data + pos, 1);
            if (one == NULL)
                goto error;
            int failed = warn(self, PyUnicode_FromFormat("unexpected byte %R at offset %zd; skipped", one, pos));
            Py_DECREF(one);
            if (failed < 0)
                goto error;
        }
    }
    self->done = 1;
    if (self->open_count > 0
        && warn(self, PyUnicode_FromString("unclosed array or dictionary at the end of the stream")) < 0)
        return NULL;
    if ((self->item_count > 0 || self->open_count > 0)
        && warn(self, PyUnicode_FromString("operands without an operator at the end of the stream; ignored")) < 0)
        return NULL;
    if (self->skipped > 0) { /* the stream ends on skipped operators: the last one tells how many */
        drop_items(self, 0);
        self->skipped--;
        self->index = self->last_skipped_index;
        PyObject *op = self->last_skipped;
        self->last_skipped = NULL;
        return operation(self, op);
    }
    return NULL;

error:
    self->done = 1;
    return NULL;
}

static int
lexer_traverse(Lexer *self, visitproc visit, void *arg)
{
    Py_VISIT(self->data);
    Py_VISIT(self->warn);
    Py_VISIT(self->unread);
    Py_VISIT(self->allowance);
    Py_VISIT(self->last_skipped);
    Py_VISIT(self->result);
    for (Py_ssize_t i = 0; i < self->item_count; i++)
        Py_VISIT(self->items[i]);
    return 0;
}

static int
lexer_clear(Lexer *self)
{
    Py_CLEAR(self->data);
    Py_CLEAR(self->warn);
    Py_CLEAR(self->unread);
    Py_CLEAR(self->allowance);
    Py_CLEAR(self->last_skipped);
    Py_CLEAR(self->result);
    drop_items(self, 0);
    self->open_count = 0;
    self->done = 1;
    return 0;
}

static void
lexer_dealloc(Lexer *self)
{
    PyObject_GC_UnTrack(self);
    lexer_clear(self);
    PyMem_Free(self->items);
    PyMem_Free(self->opened);
    PyMem_Free(self->opened_dict);
    PyObject_GC_Del(self);
}

static PyTypeObject LexerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pagetext.syntax._native_lexer.Operations",
    .tp_doc = "The operations of a content stream (see lexer.iter_operations).",
    .tp_basicsize = sizeof(Lexer),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)lexer_traverse,
    .tp_clear = (inquiry)lexer_clear,
    .tp_dealloc = (destructor)lexer_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)lexer_next,
};

/* A lexer over `data` (bytes); `unread` (a set, or NULL) and `allowance` (a list, or NULL)
 * for read_operations. */
static PyObject *
new_lexer(PyObject *data, PyObject *warn_fn, PyObject *unread, PyObject *allowance, int references)
{
    if (read_literal_fn == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_native_lexer.setup() was not called");
        return NULL;
    }
    Lexer *self = PyObject_GC_New(Lexer, &LexerType);
    if (self == NULL)
        return NULL;
    self->data = Py_NewRef(data);
    self->warn = Py_NewRef(warn_fn);
    self->unread = unread != NULL && PySet_GET_SIZE(unread) > 0 ? Py_NewRef(unread) : NULL;
    self->allowance = Py_XNewRef(allowance);
    self->lexed = self->skipped = 0;
    self->last_skipped = NULL;
    self->result = NULL;
    self->last_skipped_index = -1;
    self->item_count = self->open_count = 0;
    self->item_capacity = 16;
    self->open_capacity = 4;
    self->items = PyMem_Malloc(self->item_capacity * sizeof(PyObject *));
    self->opened = PyMem_Malloc(self->open_capacity * sizeof(Py_ssize_t));
    self->opened_dict = PyMem_Malloc(self->open_capacity);
    self->bytes = (const unsigned char *)PyBytes_AS_STRING(data);
    self->pos = 0;
    self->end = PyBytes_GET_SIZE(data);
    while (self->end > 0 && byte_class[self->bytes[self->end - 1]] == WHITE)
        self->end--;
    self->index = -1;
    self->inline_image = 0;
    self->references = references;
    self->done = 0;
    PyObject_GC_Track(self);
    if (self->items == NULL || self->opened == NULL || self->opened_dict == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

/* operations(data: bytes, warn[, references]) -> iterator of (operator, operands, index) */
static PyObject *
lexer_operations(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 2 || nargs > 3 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "operations(data: bytes, warn, references: bool = False)");
        return NULL;
    }
    int references = nargs == 3 ? PyObject_IsTrue(args[2]) : 0;
    if (references < 0)
        return NULL;
    return new_lexer(args[0], args[1], NULL, NULL, references);
}

/* read_operations(data: bytes, warn, unread: frozenset[str], allowance: list[int])
 * -> iterator of (operator, operands, index, skipped) */
static PyObject *
lexer_read_operations(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyBytes_Check(args[0]) || !PyAnySet_Check(args[2]) || !PyList_Check(args[3])
        || PyList_GET_SIZE(args[3]) < 1) {
        PyErr_SetString(PyExc_TypeError, "read_operations(data: bytes, warn, unread: frozenset, allowance: list)");
        return NULL;
    }
    return new_lexer(args[0], args[1], args[2], args[3], 0);
}

/* setup(read_literal, decode_hex, decode_name, to_dict, skip_inline_image_data, Reference) */
static PyObject *
lexer_setup(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "setup() takes the five lexer helpers and the Reference type");
        return NULL;
    }
    PyObject **helpers[] = {
        &read_literal_fn, &decode_hex_fn, &decode_name_fn, &to_dict_fn, &skip_inline_image_fn, &reference_fn,
    };
    for (int i = 0; i < 6; i++)
        Py_XSETREF(*helpers[i], Py_NewRef(args[i]));
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"operations", (PyCFunction)(void (*)(void))lexer_operations, METH_FASTCALL, "operations(data, warn, references=False)"},
    {"read_operations", (PyCFunction)(void (*)(void))lexer_read_operations, METH_FASTCALL,
     "read_operations(data, warn, unread, allowance)"},
    {"setup", (PyCFunction)(void (*)(void))lexer_setup, METH_FASTCALL, "setup(*helpers)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_native_lexer",
    .m_doc = "The content-stream lexer in C (see lexer.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__native_lexer(void)
{
    for (int byte = 0; byte < 256; byte++)
        byte_class[byte] = REGULAR;
    for (const char *c = "\t\n\f\r "; *c; c++)
        byte_class[(unsigned char)*c] = WHITE;
    byte_class[0] = WHITE;
    for (const char *c = "()<>[]{}/%"; *c; c++)
        byte_class[(unsigned char)*c] = DELIMITER;
    for (const char *c = "0123456789+-."; *c; c++)
        byte_class[(unsigned char)*c] = NUMBER;
    if (PyType_Ready(&LexerType) < 0)
        return NULL;
    return PyModule_Create(&module_def);
}
