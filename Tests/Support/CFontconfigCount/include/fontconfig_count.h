// For the tests: how many patterns fontconfig has substituted on the calling thread (Pango asks once
// per font it loads under a new key).
long keyform_fontconfig_substitutions(void);
