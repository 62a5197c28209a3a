/**
 * Model-based test of cargo transfers (issue 9): random sequences of own approvals and declines, counter-party
 * approvals (TFA, sign-on-glass, implicit), status updates, comments and license plates by random role holders
 * run against the services and against a small model of the state machine and of contract §7, and reservations of
 * every stage (contract §14). They never disagree on the outcome (success or the exact code), the status or the
 * custody, nor on how many reservations a counter party's approval accepted; an action that succeeds was offered in
 * the caller's allowedActions; every status change wrote exactly one event; the chain stays intact.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentAction } from '@/lib/domain/document-actions';
import { challengeCode, contentHash, responseCode } from '@/lib/domain/tfa';
import { documentEvents } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { addComment } from '@/server/services/transfers/add-comment';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { loadTransferSecrets, secretsOfTransfer } from '@/server/services/document/transfer-secrets';
import { updateLicensePlates } from '@/server/services/transfers/update-license-plates';
import { updateFreightDocumentStatus } from '@/server/services/transfers/update-status';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { accountSecretOf, as, createPeople, heads, issuedChain, PARTIES, type Party, type People } from './transfers-support';
import { sized } from '../support/sampling';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// ---------------------------------------------------------------------------------------------------------------
// The model: written out plainly from contract §7, independent of lib/domain/transfers.ts.
// ---------------------------------------------------------------------------------------------------------------

type RoleKey = 'sub' | 'cor' | 'poto' | 'cee' | 'car' | 'sc1' | 'sc2';
type Action = 'COLLECTION' | 'CARRIER_TO_CARRIER' | 'DELIVERY';
type Side = 'CARRIER' | 'COUNTER_PARTY';
type Outcome = 'ok' | string;

const ROLE_NAMES: Record<RoleKey, string> = {
  sub: 'SUBMITTER',
  cor: 'CONSIGNOR',
  poto: 'PLACE_OF_TAKING_OVER',
  cee: 'CONSIGNEE',
  car: 'CARRIER',
  sc1: 'SUBSEQUENT_CARRIER',
  sc2: 'SUBSEQUENT_CARRIER',
};
const HOLDS: Record<Party, RoleKey | null> = {
  submitter: 'sub',
  consignor: 'cor',
  consignee: 'cee',
  carrier: 'car',
  first: 'sc1',
  second: 'sc2',
  outsider: null,
};
const METHODS: Record<Action, string[]> = { COLLECTION: ['OWN', 'TFA'], CARRIER_TO_CARRIER: ['OWN', 'TFA'], DELIVERY: ['OWN', 'TFA', 'SIGN_ON_GLASS'] };
const PARTY_ROLES: Record<Action, RoleKey[]> = {
  COLLECTION: ['car', 'cor', 'poto'],
  CARRIER_TO_CARRIER: ['car', 'sc1', 'sc2'],
  DELIVERY: ['car', 'sc1', 'sc2', 'cee'],
};
const isCarrier = (role: RoleKey | null) => role === 'car' || role === 'sc1' || role === 'sc2';

interface Model {
  status: 'ISSUED' | 'TRANSIT' | 'DELIVERED';
  custody: RoleKey[];
  /** Sides that approved, per transfer (action|from|to). */
  approved: Map<string, Set<Side>>;
  plates: Map<RoleKey, string[]>;
  comments: string[];
  statusChanges: number;
  /** Wrong response codes per transfer (contract §8: from the fifth on, every code of it is 1.10 for 15 minutes). */
  wrongCodes: Map<string, number>;
  /** Contract §14: the reservations on record, by stage and the role that wrote them. */
  reservations: { stage: Stage; by: RoleKey }[];
  /** How many reservations the approval just recorded accepted (set by the approvals' predictions). */
  accepted?: number;
}

type Stage = 'TAKING_OVER' | 'CARRIER_TO_CARRIER' | 'DELIVERY' | 'AFTER_DELIVERY' | 'DELAY';
const STAGE_OF: Record<Action, Stage> = { COLLECTION: 'TAKING_OVER', CARRIER_TO_CARRIER: 'CARRIER_TO_CARRIER', DELIVERY: 'DELIVERY' };

/** Contract §14 (CMR art. 8(2)): a counter party's approval accepts the reservations of its transfer's stage on record. */
function acceptedBy(model: Model, transfer: Transfer): number {
  return model.reservations.filter(
    (reservation) => reservation.stage === STAGE_OF[transfer.action] && (transfer.action !== 'CARRIER_TO_CARRIER' || reservation.by === transfer.to),
  ).length;
}

/** The transfer as the server counts its codes: one collection, one delivery, one hand-over per receiving carrier. */
const codeCounterOf = (transfer: Transfer) => (transfer.action === 'CARRIER_TO_CARRIER' ? `C2C|${transfer.to}` : transfer.action);

interface Transfer {
  action: Action;
  key: string;
  carrierSide: RoleKey | null;
  counterParty: RoleKey[];
  to: RoleKey | null;
}

function openTransfers(model: Model): Transfer[] {
  if (model.status === 'ISSUED') return [{ action: 'COLLECTION', key: 'COLLECTION||car', carrierSide: 'car', counterParty: ['cor', 'poto'], to: 'car' }];
  if (model.status !== 'TRANSIT') return [];
  const holder = model.custody.at(-1)!;
  const receivers = (['sc1', 'sc2'] as const).filter((role) => !model.custody.includes(role));
  return [
    ...receivers.map((to) => ({ action: 'CARRIER_TO_CARRIER' as const, key: `C2C|${holder}|${to}`, carrierSide: holder, counterParty: [to], to })),
    { action: 'DELIVERY', key: `DELIVERY|${holder}|`, carrierSide: holder, counterParty: ['cee'], to: null },
  ];
}

const approvedBy = (model: Model, transfer: Transfer, side: Side) => model.approved.get(transfer.key)?.has(side) ?? false;

/** The transfer a request names, or the code that refuses it. */
function resolve(model: Model, action: Action, target: RoleKey | 'bogus' | undefined): Transfer | string {
  const open = openTransfers(model).filter((transfer) => transfer.action === action);
  if (open.length === 0) return '4.18';
  if (action !== 'CARRIER_TO_CARRIER') return open[0]!;
  if (target === undefined) return open.length === 1 ? open[0]! : '3.1';
  if (target === 'bogus') return '4.1';
  return open.find((transfer) => transfer.to === target) ?? '4.50';
}

function ownRefusal(model: Model, transfer: Transfer, role: RoleKey): string | undefined {
  const side: Side | undefined = transfer.carrierSide === role ? 'CARRIER' : transfer.counterParty.includes(role) ? 'COUNTER_PARTY' : undefined;
  if (!side) return '1.4';
  if (side === 'COUNTER_PARTY' && !METHODS[transfer.action].includes('OWN')) return '4.50';
  if (approvedBy(model, transfer, side)) return '4.18';
  return undefined;
}

function record(model: Model, transfer: Transfer, side: Side) {
  const sides = model.approved.get(transfer.key) ?? new Set<Side>();
  sides.add(side);
  model.approved.set(transfer.key, sides);
  if (!(sides.has('CARRIER') && sides.has('COUNTER_PARTY'))) return;
  if (transfer.action === 'COLLECTION') {
    model.status = 'TRANSIT';
    model.custody = ['car'];
  }
  if (transfer.action === 'CARRIER_TO_CARRIER') model.custody = [...model.custody, transfer.to!];
  if (transfer.action === 'DELIVERY') model.status = 'DELIVERED';
  if (transfer.action !== 'CARRIER_TO_CARRIER') model.statusChanges += 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The system under test.
// ---------------------------------------------------------------------------------------------------------------

interface Real {
  database: TestDatabase;
  people: People;
  id: string;
  roleIds: Record<RoleKey, string>;
}

async function outcomeOf(promise: Promise<unknown>): Promise<Outcome> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceError) return error.code;
    throw error;
  }
}

/** The caller's allowedActions before a command (nothing for a caller without a role). */
async function offered(real: Real, party: Party): Promise<DocumentAction[]> {
  if (!HOLDS[party]) return [];
  return (await getFreightDocument({ ctx: as(real.database, real.people, party), input: { freightDocumentId: real.id } })).allowedActions;
}

async function agree(model: Model, real: Real, expected: Outcome, actual: Outcome, party: Party, action: DocumentAction, before: DocumentAction[]) {
  expect(actual).toBe(expected);
  if (actual === 'ok') expect(before).toContain(action);
  const document = await getFreightDocument({ ctx: as(real.database, real.people, 'submitter'), input: { freightDocumentId: real.id } });
  expect(document.status).toBe(model.status);
  const holder = model.status === 'TRANSIT' ? model.custody.at(-1)! : null;
  expect(document.custody?.roleId ?? null).toBe(holder ? real.roleIds[holder] : null);
  const events = await real.database.handle.db.select().from(documentEvents).where(eq(documentEvents.documentId, real.id));
  // ISSUED at creation, then one per status change; one legal event per reservation (contract §14).
  expect(events.filter((event) => event.type === 'STATUS_CHANGED').length).toBe(1 + model.statusChanges);
  expect(events.filter((event) => event.type === 'LEGAL_EVENT').map((event) => event.event)).toEqual(model.reservations.map(() => 'RESERVATION'));
  const plates = (key: RoleKey) =>
    document.licensePlates
      .filter((plate) => plate.roleId === real.roleIds[key])
      .map((plate) => plate.licensePlate)
      .sort();
  for (const key of ['car', 'sc1', 'sc2'] as const) expect(plates(key)).toEqual([...(model.plates.get(key) ?? [])].sort());
  if (actual === 'ok' && model.accepted !== undefined) expect(document.approvals!.at(-1)!.acceptedReservations).toHaveLength(model.accepted);
  model.accepted = undefined;
  expect(document.comments!.filter((comment) => comment.reservation)).toHaveLength(model.reservations.length);
  void party;
}

const previous = (real: Real) => heads(real.database, real.people, real.id);

class OwnApproval implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly action: Action,
    readonly ownRole: RoleKey,
    readonly target: RoleKey | 'bogus' | undefined,
    readonly declined: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      submitMyApproval({
        ctx: as(real.database, real.people, this.party),
        input: {
          freightDocumentId: real.id,
          body: {
            action: this.action,
            ownRole: ROLE_NAMES[this.ownRole] as never,
            previousCommits: await previous(real),
            counterPartyRoleId: this.target === undefined ? undefined : this.target === 'bogus' ? crypto.randomUUID() : real.roleIds[this.target],
            declined: this.declined,
            remarks: this.declined ? 'Refused' : undefined,
          },
        },
      }),
    );
    await agree(model, real, expected, actual, this.party, `APPROVE_${this.action}` as DocumentAction, before);
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (!held) return '4.47';
    if (!PARTY_ROLES[this.action].includes(held)) return '1.4';
    const open = openTransfers(model).filter((transfer) => transfer.action === this.action);
    if (open.length === 0) return '4.18';
    const refusals = open.map((transfer) => ownRefusal(model, transfer, held));
    if (!refusals.includes(undefined)) return refusals.find((code) => code !== '1.4') ?? '1.4';
    const transfer = resolve(model, this.action, this.target);
    if (typeof transfer === 'string') return transfer;
    if (ROLE_NAMES[this.ownRole] !== ROLE_NAMES[held]) return '4.50';
    const refusal = ownRefusal(model, transfer, held);
    if (refusal) return refusal;
    const side = transfer.carrierSide === held ? 'CARRIER' : 'COUNTER_PARTY';
    model.accepted = side === 'COUNTER_PARTY' && !this.declined ? acceptedBy(model, transfer) : 0;
    if (!this.declined) record(model, transfer, side);
    return 'ok';
  }
  toString = () => `own(${this.party}, ${this.action}, ${this.ownRole}, ${this.target}, declined=${this.declined})`;
}

type Evidence = { kind: 'IMPLICIT' } | { kind: 'SIGN_ON_GLASS' } | { kind: 'TFA'; by: Party };

class CounterPartyApproval implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly action: Action,
    readonly target: RoleKey | undefined,
    readonly evidence: Evidence,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const body = { action: this.action, previousCommits: await previous(real), counterPartyRoleId: this.target && real.roleIds[this.target] };
    const evidence = await this.evidenceBody(model, real);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      submitCounterpartyApproval({ ctx: as(real.database, real.people, this.party), input: { freightDocumentId: real.id, body: { ...body, evidence } } }),
    );
    await agree(model, real, expected, actual, this.party, 'RECORD_COUNTERPARTY_APPROVAL', before);
  }
  /** The evidence as the devices make it: a response code with the real s2 of the transfer the model resolves. */
  async evidenceBody(model: Model, real: Real) {
    if (this.evidence.kind === 'IMPLICIT') return undefined;
    if (this.evidence.kind === 'SIGN_ON_GLASS') return { signedOnGlassBy: { name: 'Signer' }, attachments: [{ content: PNG, originalFileName: 'sig.png' }] };
    const transfer = resolve(model, this.action, this.target);
    const ctx = as(real.database, real.people, 'submitter');
    const secrets =
      typeof transfer === 'string'
        ? undefined
        : secretsOfTransfer(await loadTransferSecrets(ctx, ctx.db, real.id), this.action, transfer.to && real.roleIds[transfer.to]);
    const document = await getFreightDocument({ ctx, input: { freightDocumentId: real.id } });
    const challenge = challengeCode({
      contentHash: contentHash(model.comments, document.serviceNumber),
      serviceNumber: document.serviceNumber,
      s1: secrets?.s1 ?? '1',
      s3: secrets?.s3 ?? '2',
    });
    const by = real.people[this.evidence.by];
    return {
      responseCode: responseCode({
        challenge,
        action: this.action,
        accountNumber: by.accountNumber,
        s2: secrets?.s2 ?? '0',
        accountSecret: await accountSecretOf(ctx, by.accountId),
      }),
    };
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (!held) return '4.47';
    // Judged for the transfers of the body's kind, like an own approval: only the carrier collects.
    if (this.action === 'COLLECTION' ? held !== 'car' : !isCarrier(held)) return '1.4';
    // Contract §8: a TFA code is counted before anything else of its transfer is judged; five wrong ones lock it.
    const counted = this.evidence.kind === 'TFA' ? resolve(model, this.action, this.target) : undefined;
    const counter = counted && typeof counted !== 'string' ? codeCounterOf(counted) : undefined;
    if (counter && (model.wrongCodes.get(counter) ?? 0) >= 5) return '1.10';
    const open = openTransfers(model).filter((transfer) => transfer.action === this.action);
    if (open.length === 0) return '4.18';
    const refusals = open.map((transfer) => (transfer.carrierSide !== held ? '1.4' : approvedBy(model, transfer, 'COUNTER_PARTY') ? '4.18' : undefined));
    if (!refusals.includes(undefined)) return refusals.find((code) => code !== '1.4') ?? '1.4';
    const transfer = resolve(model, this.action, this.target);
    if (typeof transfer === 'string') return transfer;
    if (transfer.carrierSide !== held) return '1.4';
    if (approvedBy(model, transfer, 'COUNTER_PARTY')) return '4.18';
    if (this.evidence.kind !== 'IMPLICIT' && !METHODS[transfer.action].includes(this.evidence.kind)) return '4.50';
    if (this.evidence.kind === 'TFA') {
      const by = HOLDS[this.evidence.by];
      if (!by || !transfer.counterParty.includes(by)) {
        if (counter) model.wrongCodes.set(counter, (model.wrongCodes.get(counter) ?? 0) + 1);
        return '3.6';
      }
    }
    model.accepted = acceptedBy(model, transfer);
    record(model, transfer, 'COUNTER_PARTY');
    return 'ok';
  }
  toString = () => `counterParty(${this.party}, ${this.action}, ${this.target}, ${JSON.stringify(this.evidence)})`;
}

class StatusUpdate implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly status: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      updateFreightDocumentStatus({
        ctx: as(real.database, real.people, this.party),
        input: { freightDocumentId: real.id, body: { newFreightDocumentStatus: this.status as never, previousCommits: await previous(real) } },
      }),
    );
    await agree(model, real, expected, actual, this.party, 'UPDATE_STATUS', before);
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (!held) return '4.47';
    if (this.status === 'DRAFT' || this.status === 'ISSUED') return '4.16';
    if (!isCarrier(held)) return '1.4';
    if (model.status === 'DELIVERED') return '4.29';
    const by = model.status === 'ISSUED' ? 'car' : model.custody.at(-1);
    if (held !== by) return '1.4';
    const to = model.status === 'ISSUED' ? 'TRANSIT' : 'DELIVERED';
    if (this.status !== to) return '4.29';
    if (to === 'TRANSIT') model.custody = ['car'];
    model.status = to;
    model.statusChanges += 1;
    return 'ok';
  }
  toString = () => `update(${this.party}, ${this.status})`;
}

class Comment implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly text: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      addComment({
        ctx: as(real.database, real.people, this.party),
        input: { freightDocumentId: real.id, body: { text: this.text, previousCommits: await previous(real) } },
      }),
    );
    await agree(model, real, expected, actual, this.party, 'COMMENT', before);
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (!held) return '4.47';
    if (!isCarrier(held)) return '1.4';
    model.comments.push(this.text);
    return 'ok';
  }
  toString = () => `comment(${this.party}, ${JSON.stringify(this.text)})`;
}

/** A reservation (contract §14): a comment with a stage, by whoever may make one of that stage now (else 4.60). */
class Reservation implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly stage: Stage,
    readonly text: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      addComment({
        ctx: as(real.database, real.people, this.party),
        input: {
          freightDocumentId: real.id,
          body: { text: this.text, reservation: { stage: this.stage, kind: 'DAMAGE' }, previousCommits: await previous(real) },
        },
      }),
    );
    await agree(model, real, expected, actual, this.party, 'RESERVE', before);
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (!held) return '4.47';
    if (!isCarrier(held) && held !== 'cee') return '1.4';
    const holder = model.status === 'TRANSIT' ? model.custody.at(-1) : undefined;
    const allowed = {
      TAKING_OVER: model.status === 'ISSUED' && held === 'car' && !approvedBy(model, openTransfers(model)[0]!, 'CARRIER'),
      CARRIER_TO_CARRIER:
        model.status === 'TRANSIT' &&
        (held === 'sc1' || held === 'sc2') &&
        !model.custody.includes(held) &&
        !model.approved.get(`C2C|${holder}|${held}`)?.has('COUNTER_PARTY'),
      DELIVERY: model.status === 'TRANSIT' && (held === 'cee' || held === holder),
      AFTER_DELIVERY: model.status === 'DELIVERED' && held === 'cee',
      DELAY: model.status === 'DELIVERED' && held === 'cee',
    }[this.stage];
    if (!allowed) return '4.60';
    model.comments.push(this.text);
    model.reservations.push({ stage: this.stage, by: held });
    return 'ok';
  }
  toString = () => `reservation(${this.party}, ${this.stage}, ${JSON.stringify(this.text)})`;
}

class LicensePlates implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly party: Party,
    readonly target: RoleKey | 'bogus',
    readonly plates: string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const before = await offered(real, this.party);
    const expected = this.predict(model);
    const actual = await outcomeOf(
      updateLicensePlates({
        ctx: as(real.database, real.people, this.party),
        input: {
          freightDocumentId: real.id,
          body: {
            roleId: this.target === 'bogus' ? crypto.randomUUID() : real.roleIds[this.target],
            licensePlates: this.plates.map((licensePlate) => ({ licensePlate, type: 'TRUCK' as const })),
            previousCommits: await previous(real),
          },
        },
      }),
    );
    await agree(model, real, expected, actual, this.party, 'EDIT_LICENSE_PLATES', before);
  }
  predict(model: Model): Outcome {
    const held = HOLDS[this.party];
    if (this.plates.length === 0) return '3.46';
    if (!held) return '4.47';
    if (!isCarrier(held)) return '3.39';
    if (model.status !== 'ISSUED' && model.status !== 'TRANSIT') return '3.47';
    if (this.target === 'bogus') return '4.1';
    if (!isCarrier(this.target)) return '3.45';
    if (this.target !== held) return '3.48';
    const next = [...new Set(this.plates)].sort();
    const current = [...(model.plates.get(this.target) ?? [])].sort();
    if (JSON.stringify(next) === JSON.stringify(current)) return '3.49';
    model.plates.set(this.target, next);
    return 'ok';
  }
  toString = () => `plates(${this.party}, ${this.target}, ${JSON.stringify(this.plates)})`;
}

// Weighted towards the parties of transfers, so that runs reach TRANSIT and DELIVERED, not only refusals.
const weights: Record<Party, number> = { carrier: 4, consignor: 2, consignee: 2, first: 2, second: 2, submitter: 1, outsider: 1 };
const party = fc.oneof(...PARTIES.map((who) => ({ arbitrary: fc.constant(who), weight: weights[who] })));
const action = fc.constantFrom<Action>('COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY');
const roleKey = fc.constantFrom<RoleKey>('cor', 'cee', 'car', 'sc1', 'sc2');
const target = fc.option(fc.constantFrom<RoleKey | 'bogus'>('sc1', 'sc2', 'cee', 'bogus'), { nil: undefined, freq: 2 });
const evidence = fc.oneof(
  fc.constant<Evidence>({ kind: 'IMPLICIT' }),
  fc.constant<Evidence>({ kind: 'SIGN_ON_GLASS' }),
  party.map((by): Evidence => ({ kind: 'TFA', by })),
);
// Own approvals mostly in the caller's own role (so that transfers complete), sometimes in another one; a fifth declined.
// Mostly a transfer the caller takes part in (the generator cannot see the state, so this is only a bias).
const NATURAL: Record<Party, Action[]> = {
  carrier: ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'],
  consignor: ['COLLECTION'],
  consignee: ['DELIVERY'],
  first: ['CARRIER_TO_CARRIER', 'DELIVERY'],
  second: ['CARRIER_TO_CARRIER', 'DELIVERY'],
  submitter: ['COLLECTION'],
  outsider: ['DELIVERY'],
};
const actionOf = (who: Party) => fc.oneof({ arbitrary: fc.constantFrom(...NATURAL[who]), weight: 4 }, { arbitrary: action, weight: 1 });
const ownApproval = party.chain((who) =>
  fc
    .tuple(actionOf(who), fc.option(roleKey, { nil: undefined, freq: 4 }), target, fc.integer({ min: 0, max: 9 }))
    .map(([what, role, receiver, dice]) => new OwnApproval(who, what, role ?? HOLDS[who] ?? 'car', receiver, dice < 2)),
);
const counterPartyApproval = party.chain((who) =>
  fc
    .tuple(actionOf(who), fc.option(fc.constantFrom<RoleKey>('sc1', 'sc2'), { nil: undefined, freq: 2 }), evidence)
    .map(([what, receiver, proof]) => new CounterPartyApproval(who, what, receiver, proof)),
);
const statusUpdate = fc
  .tuple(party, fc.constantFrom('TRANSIT', 'TRANSIT', 'DELIVERED', 'DELIVERED', 'ISSUED', 'DRAFT', 'CANCELLED'))
  .map(([who, status]) => new StatusUpdate(who, status));
const comment = fc.tuple(party, fc.constantFrom('Damaged pallet', 'All good', 'Wet', 'Seal intact')).map(([who, text]) => new Comment(who, text));
const reservation = fc
  .tuple(party, fc.constantFrom<Stage>('TAKING_OVER', 'CARRIER_TO_CARRIER', 'DELIVERY', 'AFTER_DELIVERY', 'DELAY'), fc.constantFrom('Torn wrap', 'Wet cartons'))
  .map(([who, stage, text]) => new Reservation(who, stage, text));
const plates = fc
  .tuple(party, fc.constantFrom<RoleKey | 'bogus'>('car', 'sc1', 'sc2', 'cee', 'bogus'), fc.subarray(['AB-12-CD', 'XY-99-ZZ', 'TR-01']))
  .map(([who, role, list]) => new LicensePlates(who, role, list));
const commands = [
  { arbitrary: ownApproval, weight: 4 },
  { arbitrary: counterPartyApproval, weight: 3 },
  { arbitrary: statusUpdate, weight: 1 },
  { arbitrary: comment, weight: 1 },
  { arbitrary: reservation, weight: 2 },
  { arbitrary: plates, weight: 1 },
]
  .map(({ arbitrary, weight }) => Array.from({ length: weight }, () => arbitrary as fc.Arbitrary<fc.AsyncCommand<Model, Real>>))
  .flat();

/** A regular journey in steps: collected by the carrier, handed to the first, then the second subsequent carrier, delivered. */
const PROGRESS: fc.AsyncCommand<Model, Real>[][] = [
  [new OwnApproval('carrier', 'COLLECTION', 'car', undefined, false), new OwnApproval('consignor', 'COLLECTION', 'cor', undefined, false)],
  [new OwnApproval('carrier', 'CARRIER_TO_CARRIER', 'car', 'sc1', false), new OwnApproval('first', 'CARRIER_TO_CARRIER', 'sc1', 'sc1', false)],
  [new OwnApproval('first', 'CARRIER_TO_CARRIER', 'sc1', undefined, false), new OwnApproval('second', 'CARRIER_TO_CARRIER', 'sc2', undefined, false)],
  [new OwnApproval('second', 'DELIVERY', 'sc2', undefined, false), new OwnApproval('consignee', 'DELIVERY', 'cee', undefined, false)],
];

describe.each(databaseKinds())('transfers against a model of contract §7 (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  it('random approvals, declines, comments, reservations, status updates and plates by random role holders never disagree', async () => {
    const runs: { start: number; commands: number; moves: number; status: string }[] = [];
    // Every point of a regular journey is a starting state of its own runs, so that random commands reach the
    // later transfers too, and a failure shrinks within its starting state.
    // Up to 40 random commands a run under `npm run test:full`, up to 20 under `npm test` (the 2-core budget, issue
    // 18): the same commands and starting states, shorter sequences; the seed draws others from run to run.
    const maxCommands = sized(40, 20);
    for (let start = 0; start <= PROGRESS.length; start += 1) {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands, size: 'max' }), async (sequence) => {
          const id = await issuedChain(database, people);
          const document = await getFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
          const roleIds = {
            sub: document.ownPermissions[0]!.roleId,
            cor: document.consignor!.roleId,
            poto: document.placeOfTakingOver!.roleId,
            cee: document.consignee!.roleId,
            car: document.carrier!.roleId,
            sc1: document.subsequentCarriers[0]!.roleId,
            sc2: document.subsequentCarriers[1]!.roleId,
          };
          const model: Model = {
            status: 'ISSUED',
            custody: [],
            approved: new Map(),
            plates: new Map(),
            comments: [],
            statusChanges: 0,
            reservations: [],
            wrongCodes: new Map(),
          };
          const real: Real = { database, people, id, roleIds };
          for (const command of PROGRESS.slice(0, start).flat()) await command.run(model, real);
          const movesBefore = model.statusChanges + model.custody.length;
          await fc.asyncModelRun(() => ({ model, real }), sequence);
          expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
          runs.push({ start, commands: [...sequence].length, moves: model.statusChanges + model.custody.length - movesBefore, status: model.status });
        }),
        // Besides the random sequences, each starting state's run of its next regular step (the same commands the
        // random ones are drawn from): so every run, not only a full one, has runs whose commands moved the cargo.
        { numRuns: sized(6, 3), examples: start < PROGRESS.length ? [[PROGRESS[start]!]] : [] },
      );
    }
    console.info(
      `model runs: ${runs.length}, random commands: ${runs.reduce((sum, run) => sum + run.commands, 0)}, ` +
        `runs whose random commands moved the cargo: ${runs.filter((run) => run.moves > 0).length}, final statuses: ${JSON.stringify(runs.map((run) => run.status))}`,
    );
    // Not only refusals: commands completed transfers (every run: the examples above move the cargo, where npm test's
    // few sampled sequences alone may all end before a move, seed 426740853), and runs ended in every status.
    expect(runs.filter((run) => run.moves > 0).length).toBeGreaterThan(0);
    expect(new Set(runs.map((run) => run.status))).toEqual(new Set(['ISSUED', 'TRANSIT', 'DELIVERED']));
  }, 900_000);
});
