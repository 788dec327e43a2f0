/** Built by client/operationIds.ts from relay-compiler's artifacts: each query's persisted id by operation name. */
declare module "virtual:operation-ids" {
  const ids: Record<string, string>;
  export default ids;
}
