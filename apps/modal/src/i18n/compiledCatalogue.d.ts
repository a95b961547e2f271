// A locale's catalogue imported for the build to compile (compileMessages.ts).
declare module '*.json?compiled' {
  const catalogue: Record<string, unknown>
  export default catalogue
}
