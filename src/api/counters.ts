/**
 * What the service refused or cut off since it started, for `GET /metrics` (JSON) and the log:
 * an operator sees a slowloris or a key being guessed as a number that climbs.
 */
export class Counters {
  readonly startedAt = Date.now();
  /** Connections cut because headers or the body did not arrive in time (answered 408). */
  slowClients = 0;
  /** Connections whose bytes were not HTTP (answered 400), or reset by the client. */
  malformedClients = 0;
  /** Requests answered 503 because the handler overran its time budget. */
  overBudget = 0;
  /** Writes refused 401. */
  unauthorised = 0;
  /** Writes refused 429, by which bucket ran dry. */
  rateLimitedByAddress = 0;
  rateLimitedByKey = 0;
  /**
   * Bot-game requests (`/playtest`) whose games were played, those answered 304 on their ETag
   * without a game, and those whose games were stopped because the client left or the time budget ran out.
   */
  botGamesPlayed = 0;
  botGamesNotModified = 0;
  botGamesAbandoned = 0;
  /** PNGs and PDFs drawn (not read from the render cache). */
  rendersDrawn = 0;

  toJSON() {
    return {
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      clients: { slow: this.slowClients, malformed: this.malformedClients },
      requests: { overBudget: this.overBudget },
      writes: { unauthorised: this.unauthorised, rateLimited: { address: this.rateLimitedByAddress, key: this.rateLimitedByKey } },
      botGames: { played: this.botGamesPlayed, notModified: this.botGamesNotModified, abandoned: this.botGamesAbandoned },
      renders: { drawn: this.rendersDrawn },
    };
  }
}
