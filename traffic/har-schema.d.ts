/** The `har-schema` package: one JSON Schema (draft-06) per HAR 1.2 object, keyed by name (`entry`, `log`, …). */
declare module 'har-schema' {
  const schemas: Record<string, object>;
  export default schemas;
}
