/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin (D1). */
  readonly VITE_API_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
