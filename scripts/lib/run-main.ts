// The end of a script's entry point: exit with the code main() answers, or print what it threw
// (worded by `describe`, by default the error's message) and exit with 1.
export function runMain(
  main: () => Promise<number>,
  describe: (error: unknown) => string = (error) => (error instanceof Error ? error.message : String(error)),
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describe(error));
      process.exit(1);
    },
  );
}
