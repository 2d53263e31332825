#ifndef GUIDED_CJSONC_SHIM_H
#define GUIDED_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
