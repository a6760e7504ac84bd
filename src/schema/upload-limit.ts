/** The largest file `/sys/common/upload` takes, checked by the server and, before sending, by the browser. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** What both say about a larger one. */
export const UPLOAD_TOO_LARGE = '文件大小超出10MB限制';
