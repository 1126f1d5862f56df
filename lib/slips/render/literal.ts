/**
 * How a byte is written inside a PDF literal string `(…)`: for each byte, the byte written after a backslash (0: the
 * byte is written as it is). Parentheses and the backslash are escaped; so are the ends of line, which a reader
 * would otherwise read as a line feed whatever they were.
 */
export const LITERAL_ESCAPE = new Uint8Array(256);
LITERAL_ESCAPE[0x28] = 0x28;
LITERAL_ESCAPE[0x29] = 0x29;
LITERAL_ESCAPE[0x5c] = 0x5c;
LITERAL_ESCAPE[0x0d] = 0x72; // \r
LITERAL_ESCAPE[0x0a] = 0x6e; // \n
