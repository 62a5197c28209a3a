/**
 * The cast and the documents of the access matrix: one account per role of contract §5, a per-document delegate
 * of each (contract §11), an outsider and a spare account that receives the delegations the matrix makes. Every
 * document names all seven roles, carries one sealed and one unsealed attachment and lists OWN for every transfer,
 * so each role can act; it is brought into its status through the REST endpoints (issue, the transfer approvals
 * of contract §7, cancel), as a client system would.
 */
import { PDF_BYTES, validBody } from '../documents-support';
import type { Account, Client, Driver, Reply } from '../driver';
import { ROLES, type Role, type Status } from './rules';

export type TransferKind = 'COLLECTION' | 'CARRIER_TO_CARRIER' | 'DELIVERY';
export const TRANSFER_KINDS: readonly TransferKind[] = ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'];

export type Person = Account & { token: string };

/** Who asks: the holder of a role, a delegate of that holder, or the outsider. */
export interface Caller {
  label: string;
  role: Role | null;
  via: 'HOLDER' | 'DELEGATE' | 'OUTSIDER';
  person: Person;
}

export interface Cast {
  holders: Record<Role, Person>;
  delegates: Record<Role, Person>;
  outsider: Person;
  /** Receives the delegations made by the matrix's own delegate requests (each one revoked right after). */
  spare: Person;
  callers: Caller[];
}

export interface FixtureDocument {
  id: string;
  status: Status;
  /** Commit ids of the document (any of them is an acceptable `previousCommits`, contract §6). */
  heads: string[];
  roleIds: Record<Role, string>;
  attachments: { sealed: string; unsealed: string };
  /** The document as its submitter reads it: sent back unchanged, a valid PUT body (contract §1 tolerant reading). */
  asRead: Record<string, unknown>;
  /** The structured goods lines as read (productId and quantities), for a correction that changes nothing. */
  goods: { productId: number; numberOfPackages: number }[];
  /** The per-document delegation of each role's holder to its delegate. */
  delegations: Partial<Record<Role, string>>;
  /** A subscription of the submitter with one delivery, made before any status change: ids for callers without their own. */
  standing?: { subscriptionId: string; deliveryId: string };
}

function must(reply: Reply, status: number, what: string): Reply {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.text}`);
  return reply;
}

async function person(api: Driver, client: Client, name: string): Promise<Person> {
  const account = await api.createActiveAccount(client, { name });
  return { ...account, token: (await api.login(client, account)).access_token };
}

const label = (role: Role) => role.toLowerCase().replace(/_/g, ' ');

export async function createCast(api: Driver, client: Client): Promise<Cast> {
  const holders = {} as Record<Role, Person>;
  const delegates = {} as Record<Role, Person>;
  // In parallel: sign-ups hash passwords with scrypt, which would otherwise add up.
  await Promise.all(
    ROLES.map(async (role) => {
      holders[role] = await person(api, client, `Holder of ${label(role)}`);
      delegates[role] = await person(api, client, `Delegate of ${label(role)}`);
    }),
  );
  const [outsider, spare] = await Promise.all([person(api, client, 'Outsider'), person(api, client, 'Spare delegatee')]);
  const callers: Caller[] = [
    ...ROLES.flatMap((role): Caller[] => [
      { label: role, role, via: 'HOLDER', person: holders[role] },
      { label: `delegate of ${role}`, role, via: 'DELEGATE', person: delegates[role] },
    ]),
    { label: 'outsider', role: null, via: 'OUTSIDER', person: outsider },
  ];
  return { holders, delegates, outsider, spare, callers };
}

export function documentBody(cast: Cast): Record<string, unknown> {
  const party = (role: Role, name: string, countryCode: string) => ({ name, countryCode, submittedAccountNumber: cast.holders[role].accountNumber });
  const file = (name: string, sealed: boolean) => ({
    type: 'GOODS',
    originalFileName: name,
    mimeType: 'application/pdf',
    sealed,
    content: PDF_BYTES.toString('base64'),
  });
  return validBody({
    consignor: party('CONSIGNOR', 'Acme Shipping', 'NLD'),
    consignee: party('CONSIGNEE', 'Beta Foods', 'DEU'),
    carrier: party('CARRIER', 'Fast Trucks', 'NLD'),
    subsequentCarriers: [party('SUBSEQUENT_CARRIER', 'Relay Haulage', 'BEL')],
    placeOfTakingOver: party('PLACE_OF_TAKING_OVER', 'Dock 4', 'NLD'),
    placeOfDelivery: party('PLACE_OF_DELIVERY', 'Warehouse 9', 'DEU'),
    goods: undefined,
    structuredGoods: [{ type: 'GOOD', name: 'Apples', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' }],
    availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN'] },
    attachments: [file('open.pdf', false), file('sealed.pdf', true)],
  });
}

/** The role ids of a document as read, by role (one subsequent carrier). */
function roleIdsOf(read: Record<string, any>): Record<Role, string> {
  const submitter = (read.ownPermissions as { role: string; roleId: string }[]).find((entry) => entry.role === 'SUBMITTER');
  return {
    SUBMITTER: submitter!.roleId,
    CONSIGNOR: read.consignor.roleId,
    CONSIGNEE: read.consignee.roleId,
    CARRIER: read.carrier.roleId,
    SUBSEQUENT_CARRIER: read.subsequentCarriers[0].roleId,
    PLACE_OF_TAKING_OVER: read.placeOfTakingOver.roleId,
    PLACE_OF_DELIVERY: read.placeOfDelivery.roleId,
  };
}

export class Documents {
  constructor(
    readonly api: Driver,
    readonly cast: Cast,
  ) {}

  async read(id: string, who: Person = this.cast.holders.SUBMITTER): Promise<Record<string, any>> {
    return must(await this.api.get(`/api/freightdocuments/${id}`, { bearer: who.token }), 200, 'read').body;
  }

  /** A draft of `submitter`'s own, naming nobody of the cast, with one attachment: a document foreign to the cast. */
  async createFor(submitter: Person): Promise<{ id: string; attachmentId: string }> {
    const body = validBody({ attachments: [{ type: 'GOODS', originalFileName: 'theirs.pdf', content: PDF_BYTES.toString('base64') }] });
    const id = must(await this.api.post('/api/freightdocuments', { bearer: submitter.token, json: body }), 201, 'create').body.freightDocumentId as string;
    const read = await this.read(id, submitter);
    return { id, attachmentId: read.attachments[0].attachmentId };
  }

  private async standingSubscription(id: string, callbackUrl: string) {
    const bearer = this.cast.holders.SUBMITTER.token;
    const collection = `/api/freightdocuments/${id}/subscriptions`;
    const subscriptionId = must(await this.api.post(collection, { bearer, json: { callbackUrl } }), 201, 'subscribe').body.subscriptionId as string;
    const deliveryId = must(await this.api.post(`${collection}/${subscriptionId}/test`, { bearer }), 202, 'test event').body.deliveryId as string;
    return { subscriptionId, deliveryId };
  }

  /** A transfer approval by the carrier, its own (OWN) and its counter party's (implicit), as its device sends them. */
  private async carrierCompletes(id: string, action: TransferKind) {
    const carrier = this.cast.holders.CARRIER;
    for (const [endpoint, body] of [
      ['submitmyapproval', { action, ownRole: 'CARRIER' }],
      ['submitcounterpartyapproval', { action }],
    ] as const) {
      const previousCommits = (await this.read(id)).previousCommits;
      must(await this.api.post(`/api/freightdocuments/${id}/${endpoint}`, { bearer: carrier.token, json: { ...body, previousCommits } }), 201, endpoint);
    }
  }

  /**
   * A new document in `status`, delegated per document by the holders of `delegated` to their delegates. DRAFT →
   * ISSUED by issue, → TRANSIT by the collection's two approvals, → DELIVERED by the delivery's (the carrier holds
   * the cargo and delivers; the subsequent carrier never received it), a DRAFT → CANCELLED by cancel.
   */
  async create(status: Status, delegated: readonly Role[] = ROLES, options: { callbackUrl?: string } = {}): Promise<FixtureDocument> {
    const submitter = this.cast.holders.SUBMITTER;
    const id = must(await this.api.post('/api/freightdocuments', { bearer: submitter.token, json: documentBody(this.cast) }), 201, 'create').body
      .freightDocumentId as string;
    const first = await this.read(id);
    const roleIds = roleIdsOf(first);
    const delegations: Partial<Record<Role, string>> = {};
    for (const role of delegated) {
      const reply = await this.api.post(`/api/freightdocuments/${id}/delegate`, {
        bearer: this.cast.holders[role].token,
        json: { role, roleId: roleIds[role], accountNumberOfDelegatee: this.cast.delegates[role].accountNumber },
      });
      delegations[role] = must(reply, 201, `delegate ${role}`).body.delegateId;
    }
    const standing = options.callbackUrl ? await this.standingSubscription(id, options.callbackUrl) : undefined;
    if (status !== 'DRAFT' && status !== 'CANCELLED') must(await this.api.post(`/api/freightdocuments/${id}/issue`, { bearer: submitter.token }), 200, 'issue');
    if (status === 'TRANSIT' || status === 'DELIVERED') await this.carrierCompletes(id, 'COLLECTION');
    if (status === 'DELIVERED') await this.carrierCompletes(id, 'DELIVERY');
    const asRead = await this.read(id);
    if (asRead.status !== (status === 'CANCELLED' ? 'DRAFT' : status)) throw new Error(`document in ${asRead.status}, wanted ${status}`);
    if (status === 'CANCELLED') must(await this.api.post(`/api/freightdocuments/${id}/cancel`, { bearer: submitter.token }), 200, 'cancel');
    const files = asRead.attachments as { attachmentId: string; sealed: boolean }[];
    return {
      id,
      status,
      heads: asRead.previousCommits,
      roleIds,
      attachments: { sealed: files.find((file) => file.sealed)!.attachmentId, unsealed: files.find((file) => !file.sealed)!.attachmentId },
      asRead,
      delegations,
      standing,
      goods: (asRead.structuredGoods as { productId: number; numberOfPackages: number }[]).map(({ productId, numberOfPackages }) => ({
        productId,
        numberOfPackages,
      })),
    };
  }
}
