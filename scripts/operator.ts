import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import {
  addOperator,
  listOperators,
  OperatorError,
  removeOperator,
  roleNamed,
  setOperatorPassword,
  setOperatorRole,
} from "../app/lib/console/operators.server";
import { ROLES } from "../app/lib/console/roles";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { PgliteFolderInUse } from "../app/lib/db/pglite-lock.server";
import { readEnv } from "../app/lib/env.server";

// The console's accounts, from the command line (docs/decisions/014). There are no default credentials: the
// first account is made here by someone with access to the server.
//   npm run operator -- add EMAIL --role admin|editor|sales
//                                        asks for the password twice (or reads one line from stdin when piped)
//   npm run operator -- role EMAIL ROLE  changes what the account may reach (app/lib/console/roles.ts)
//   npm run operator -- password EMAIL   sets a new password; signs the account out everywhere
//   npm run operator -- remove EMAIL     removes the account; signs it out everywhere
//   npm run operator -- list             every account, when it last signed in, its open sessions
// Reads DATABASE_URL / DATA_DIR like the server. PGlite allows one process at a time: while the server has the folder
// open, the command refuses (an account it added there would be invisible to the server, and the folder at risk). With
// the server running, use PostgreSQL: the server and this command both with the same DATABASE_URL.

const USAGE = `Usage: npm run operator -- add EMAIL --role ${ROLES.join("|")} | role EMAIL ROLE | password EMAIL | remove EMAIL | list`;

/** A password from the terminal without echoing it, or the next line of stdin when it is not a terminal. */
async function readPassword(prompt: string, lines: AsyncIterator<string>): Promise<string> {
  if (!process.stdin.isTTY) {
    const { value, done } = await lines.next();
    if (done) throw new OperatorError("No password on stdin.");
    return value;
  }
  process.stdout.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  process.stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(typed);
        }
        if (character === "\u0003") {
          process.stdin.setRawMode(false);
          return reject(new OperatorError("Cancelled."));
        }
        if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    process.stdin.on("data", onData);
  });
}

async function newPassword(lines: AsyncIterator<string>): Promise<string> {
  const password = await readPassword("Password (at least 12 characters): ", lines);
  if (process.stdin.isTTY && (await readPassword("The same password again: ", lines)) !== password) {
    throw new OperatorError("The two passwords differ.");
  }
  return password;
}

export async function main(argv: string[]): Promise<void> {
  const [command, email, ...rest] = argv;
  if (!command || (command !== "list" && !email)) throw new OperatorError(USAGE);
  const env = readEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 1 });
  // Piped passwords are read line by line, and only when a command needs one.
  const stdin: { reader?: ReturnType<typeof createInterface> } = {};
  const stdinLines = {
    next: () => (stdin.reader ??= createInterface({ input: process.stdin, terminal: false }))[Symbol.asyncIterator]().next(),
  } as AsyncIterator<string>;
  try {
    await migrate(handle.db);
    switch (command) {
      case "add": {
        const flag = rest.indexOf("--role");
        const role = roleNamed(flag === -1 ? undefined : rest[flag + 1]);
        await addOperator(handle.db, email!, await newPassword(stdinLines), role);
        console.log(`Added ${email} (${role}). Sign in at ${env.SITE_URL}/console/sign-in`);
        break;
      }
      case "role": {
        const role = roleNamed(rest[0]);
        await setOperatorRole(handle.db, email!, role);
        console.log(`${email} is now ${role}.`);
        break;
      }
      case "password":
        await setOperatorPassword(handle.db, email!, await newPassword(stdinLines));
        console.log(`Changed how ${email} signs in; its sessions have ended.`);
        break;
      case "remove":
        await removeOperator(handle.db, email!);
        console.log(`Removed ${email}; its sessions have ended.`);
        break;
      case "list": {
        const operators = await listOperators(handle.db);
        if (operators.length === 0) console.log("No operator accounts yet. Add one: npm run operator -- add EMAIL");
        for (const operator of operators) {
          const last = operator.lastSignInAt ? `last signed in ${operator.lastSignInAt.toISOString()}` : "never signed in";
          console.log(
            `${operator.email}  ${operator.role}, added ${operator.createdAt.toISOString()}, ${last}, ${operator.sessions} open session(s)`,
          );
        }
        break;
      }
      default:
        throw new OperatorError(USAGE);
    }
  } finally {
    stdin.reader?.close();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    // Anything else is reported by its kind only: a driver's message can quote the query's parameters (the hash).
    const code = typeof error === "object" && error && "code" in error ? ` ${String((error as { code: unknown }).code)}` : "";
    const told = error instanceof OperatorError || error instanceof PgliteFolderInUse;
    console.error(told ? error.message : `Failed: ${error instanceof Error ? error.name : typeof error}${code}.`);
    process.exit(1);
  });
}
