import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db/client.server";
import { operators, operatorSessions } from "~/lib/db/schema/console";
import { COMMAND_LINE_ACTOR, recordAudit } from "~/lib/console/audit.server";
import { hashPassword, passwordProblem } from "./password.server";
import { isRole, ROLES, type Role } from "./roles";

// Operator accounts, as the command line manages them (scripts/operator.ts): no account exists until someone with
// access to the server makes one, so there are no default credentials.

const byEmail = (email: string) => eq(sql`lower(${operators.email})`, email.trim().toLowerCase());

export class OperatorError extends Error {}

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export async function findOperator(db: Database, email: string) {
  const [row] = await db.select().from(operators).where(byEmail(email));
  return row ?? null;
}

/** A role named on the command line, or the reason it is not one. */
export function roleNamed(value: string | undefined): Role {
  if (isRole(value)) return value;
  throw new OperatorError(`Give the account a role: --role ${ROLES.join(" | ")}.`);
}

export async function addOperator(db: Database, email: string, password: string, role: Role) {
  const address = email.trim();
  if (!EMAIL_SHAPE.test(address) || address.length > 254) throw new OperatorError(`"${address}" is not an email address.`);
  const problem = passwordProblem(password);
  if (problem) throw new OperatorError(problem);
  if (await findOperator(db, address)) throw new OperatorError(`${address} already has an account.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(operators).values({ email: address, passwordHash, role });
    await recordAudit(tx, COMMAND_LINE_ACTOR, "operator-added", { operator: address, role });
  });
}

/** A new password ends every session the account has. */
export async function setOperatorPassword(db: Database, email: string, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new OperatorError(problem);
  const operator = await findOperator(db, email);
  if (!operator) throw new OperatorError(`${email.trim()} has no account.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, operator.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operator.id));
    await recordAudit(tx, COMMAND_LINE_ACTOR, "password-changed", { operator: operator.email });
  });
}

/** The new role applies to the account's next request: sessions read it each time. */
export async function setOperatorRole(db: Database, email: string, role: Role) {
  const operator = await findOperator(db, email);
  if (!operator) throw new OperatorError(`${email.trim()} has no account.`);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ role }).where(eq(operators.id, operator.id));
    await recordAudit(tx, COMMAND_LINE_ACTOR, "role-changed", { operator: operator.email, from: operator.role, to: role });
  });
}

/** Removes the account; its sessions go with it (foreign key), so it is signed out everywhere at once. */
export async function removeOperator(db: Database, email: string) {
  const operator = await findOperator(db, email);
  if (!operator) throw new OperatorError(`${email.trim()} has no account.`);
  await db.transaction(async (tx) => {
    await tx.delete(operators).where(eq(operators.id, operator.id));
    await recordAudit(tx, COMMAND_LINE_ACTOR, "operator-removed", { operator: operator.email });
  });
}

export async function listOperators(db: Database) {
  return db
    .select({
      email: operators.email,
      role: operators.role,
      createdAt: operators.createdAt,
      lastSignInAt: operators.lastSignInAt,
      sessions: count(operatorSessions.id),
    })
    .from(operators)
    .leftJoin(operatorSessions, eq(operatorSessions.operatorId, operators.id))
    .groupBy(operators.id)
    .orderBy(asc(operators.email));
}

/** The zone the console writes the account's times in (decision 045); its next page reads it with the session. */
export async function setTimeZone(db: Database, operatorId: number, timeZone: string) {
  await db.update(operators).set({ timeZone }).where(eq(operators.id, operatorId));
}
