#ifndef TESSERA_CLIBXML2_SHIM_H
#define TESSERA_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/*
 * Foundation on Linux carries its own ICU as the module _FoundationICU. Debian's libxml2 is
 * built with ICU, so <libxml/encoding.h> would pull the system's <unicode/ucnv.h> into the
 * same Swift module, and the two definitions of UErrorCode clash on a clean build. Tessera
 * only parses memory and reads errors; it never touches libxml2's ICU converters (they sit
 * behind pointers in the parser's structures), so the ICU part of the headers is left out.
 */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
