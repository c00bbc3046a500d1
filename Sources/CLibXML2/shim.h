#ifndef TESSERA_CLIBXML2_SHIM_H
#define TESSERA_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
