/** The API's message of a failure, or the failure itself as text. */
export const messageOf = (cause: unknown) =>
  cause && typeof cause === 'object' && 'message' in cause && typeof cause.message === 'string' ? cause.message : String(cause);
