#ifndef GUIDED_CCURL_H
#define GUIDED_CCURL_H

#include <curl/curl.h>

#endif
