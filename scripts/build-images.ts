// Stub: the blog issue turns the cover sources into sized modern-format images here.
export {};
