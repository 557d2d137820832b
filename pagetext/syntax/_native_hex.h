/* A hex digit's value (ISO 32000-1 §7.3.4.3 hexadecimal strings, §7.3.5 #xx in names), -1
 * for any other byte: shared by the C twins that read PDF syntax (_native_lexer.c and
 * pdf/_native_spelling.c), each of which includes it. */
#ifndef PAGETEXT_NATIVE_HEX_H
#define PAGETEXT_NATIVE_HEX_H

static inline int
hex_value(unsigned char byte)
{
    if (byte >= '0' && byte <= '9')
        return byte - '0';
    if (byte >= 'a' && byte <= 'f')
        return byte - 'a' + 10;
    if (byte >= 'A' && byte <= 'F')
        return byte - 'A' + 10;
    return -1;
}

#endif
