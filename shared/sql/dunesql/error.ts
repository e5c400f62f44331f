/** DuneSQL that cannot run: what is wrong, and where in the SQL as given (UTF-16 offsets). */
export class DuneSqlError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
    this.name = 'DuneSqlError';
  }
}
