/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin for a native app shell; empty or unset means the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
