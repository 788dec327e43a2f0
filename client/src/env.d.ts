/** The style engine's packages and versions (vite.config.ts): a style snapshot of another engine is not used (platform/styleSnapshot.ts). */
declare const __STYLE_ENGINE__: string;
