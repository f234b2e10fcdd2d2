/** A run that cannot go on (a scenario asks for what the chain cannot do); the message names the scenario line. */
export class RunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunError';
  }
}
