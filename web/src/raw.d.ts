// Vite's ?raw imports (the rules documents, lib/rules.ts) are strings.
declare module "*.md?raw" {
  const text: string;
  export default text;
}
