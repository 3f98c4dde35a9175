// A refusal or failure of the operator's tools whose message is the line to print: the CLI
// prints it as it is and exits 1, where any other error is a fault worth its stack.
export class OpsError extends Error {}
