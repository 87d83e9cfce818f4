// GMime's type-cast macros (GMIME_OBJECT, INTERNET_ADDRESS_MAILBOX, …) are invisible to Swift:
// the same checked casts as functions, and nothing else.
#include <gmime/gmime.h>

static inline GMimeObject *ezg_mime_object(void *instance) { return GMIME_OBJECT(instance); }
static inline GMimePart *ezg_mime_part(void *instance) { return GMIME_PART(instance); }
static inline GMimeStreamMem *ezg_mime_stream_mem(GMimeStream *stream) { return GMIME_STREAM_MEM(stream); }
static inline InternetAddressMailbox *ezg_mailbox_or_null(InternetAddress *address) {
    return INTERNET_ADDRESS_IS_MAILBOX(address) ? INTERNET_ADDRESS_MAILBOX(address) : NULL;
}
