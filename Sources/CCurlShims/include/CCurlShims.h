#ifndef GUIDED_CCURL_SHIMS_H
#define GUIDED_CCURL_SHIMS_H

// Non-variadic wrappers around libcurl's variadic entry points
// (curl_easy_setopt, curl_easy_getinfo), which Swift cannot call directly.

#include <curl/curl.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*guided_curl_data_callback)(char *data, size_t size, size_t count, void *userdata);

/// Signature of the CURLOPT_XFERINFOFUNCTION callback.
typedef int (*guided_curl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

/// Calls curl_global_init(CURL_GLOBAL_ALL); the macro does not import into Swift.
CURLcode guided_curl_global_init(void);

CURLcode guided_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode guided_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode guided_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode guided_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode guided_curl_easy_setopt_data_callback(CURL *handle, CURLoption option,
                                                guided_curl_data_callback callback);
CURLcode guided_curl_easy_setopt_xferinfo_callback(CURL *handle, guided_curl_xferinfo_callback callback);

CURLcode guided_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode guided_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode guided_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode guided_curl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);

/// The result code of a CURLMSG_DONE message (reads the C union member).
CURLcode guided_curl_msg_result(const CURLMsg *message);

#ifdef __cplusplus
}
#endif

#endif
