/**
 * A player the machine plays. A bot only chooses: `turn` yields the seat's actions one at a
 * time, and whoever drives it applies each before resuming it, so every choice sees the state
 * the previous one left. A bot never changes the state itself. `C` is what the game tells its
 * bots beyond the state (a prepared table, fields, a seeded noise source by seat).
 */
export interface Bot<S, A, C> {
  readonly name: string;
  turn(state: S, context: C, seat: number): Generator<A, void, void>;
}
