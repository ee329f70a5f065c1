/**
 * An action the rules refuse. Engines throw it before changing anything, so a refused action
 * leaves the state as it was; anything else thrown while applying an action is a bug.
 */
export class RuleError extends Error {
  override name = 'RuleError';
}

/** Refuses an action; typed `never`, so it can end an expression (`x ?? refuse('…')`). */
export function refuse(message: string): never {
  throw new RuleError(message);
}
