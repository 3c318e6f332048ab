/** `import code from './x.ts?inline-script'`: x.ts compiled into an inline script's text (scripts/compile-inline-script.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
