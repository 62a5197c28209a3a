/**
 * A cast for the transfer suites over HTTP: every party of a chain with its own account, token and account
 * secret (from the password grant, as a client app keeps it), and the calls of contract §7.
 */
import { challengeCode, contentHash, responseCode, type TfaAction } from '@/lib/domain/tfa';
import type { Account, Client, Driver, Reply } from './driver';
import { validBody } from './documents-support';

export const CAST = ['submitter', 'consignor', 'consignee', 'carrier', 'first', 'second', 'outsider'] as const;
export type Member = (typeof CAST)[number];
export type Cast = Record<Member, Account & { token: string; accountSecret: string }>;

export async function createCast(api: Driver, client: Client): Promise<Cast> {
  const cast = {} as Cast;
  for (const member of CAST) {
    const account = await api.createActiveAccount(client, { name: `${member[0]!.toUpperCase()}${member.slice(1)} Ltd` });
    const login = await api.login(client, account);
    cast[member] = { ...account, token: login.access_token, accountSecret: login.accountSecret };
  }
  return cast;
}

/** An issued waybill naming every member in its role (two subsequent carriers unless overridden). */
export function chainBody(cast: Cast, overrides: Record<string, unknown> = {}) {
  return validBody({
    status: 'ISSUED',
    consignor: { name: 'Acme Shipping', countryCode: 'NLD', submittedAccountNumber: cast.consignor.accountNumber },
    consignee: { name: 'Beta Foods', countryCode: 'DEU', submittedAccountNumber: cast.consignee.accountNumber },
    carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: cast.carrier.accountNumber },
    subsequentCarriers: [
      { name: 'First Relay', countryCode: 'BEL', submittedAccountNumber: cast.first.accountNumber },
      { name: 'Second Relay', countryCode: 'DEU', submittedAccountNumber: cast.second.accountNumber },
    ],
    ...overrides,
  });
}

export class Transfers {
  constructor(
    readonly api: Driver,
    readonly cast: Cast,
  ) {}

  async create(overrides: Record<string, unknown> = {}): Promise<string> {
    const reply = await this.api.post('/api/freightdocuments', { bearer: this.cast.submitter.token, json: chainBody(this.cast, overrides) });
    if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
    return reply.body.freightDocumentId;
  }

  async read(member: Member, id: string) {
    const reply = await this.api.get(`/api/freightdocuments/${id}`, { bearer: this.cast[member].token });
    if (reply.status !== 200) throw new Error(`read failed: ${reply.status} ${reply.text}`);
    return reply.body;
  }

  async heads(id: string): Promise<string[]> {
    return (await this.read('submitter', id)).previousCommits;
  }

  /**
   * Waits until the document's last change is `seconds` old (a change may be dated back that far, never before the
   * commits it names: contract §6). Polls the clock, with 200 ms to spare for the two clocks' reading.
   */
  async lastChangeAged(id: string, seconds: number): Promise<void> {
    const last = Date.parse((await this.read('submitter', id)).updates.at(-1).createDateTimeServer);
    while (Date.now() < last + seconds * 1000 + 200) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** A call of contract §7 with the current heads unless the body names its own. */
  async call(member: Member, method: 'POST' | 'PATCH', id: string, endpoint: string, body: Record<string, unknown>): Promise<Reply> {
    const json = 'previousCommits' in body ? body : { ...body, previousCommits: await this.heads(id) };
    return this.api.request(method, `/api/freightdocuments/${id}/${endpoint}`, { bearer: this.cast[member].token, json });
  }

  own(member: Member, id: string, body: Record<string, unknown>) {
    return this.call(member, 'POST', id, 'submitmyapproval', body);
  }

  counterParty(member: Member, id: string, body: Record<string, unknown>) {
    return this.call(member, 'POST', id, 'submitcounterpartyapproval', body);
  }

  update(member: Member, id: string, body: Record<string, unknown>) {
    return this.call(member, 'POST', id, 'updates', body);
  }

  comment(member: Member, id: string, body: Record<string, unknown>) {
    return this.call(member, 'POST', id, 'comments', body);
  }

  plates(member: Member, id: string, body: Record<string, unknown>) {
    return this.call(member, 'PATCH', id, 'licenseplates', body);
  }

  /**
   * A TFA exchange as the two devices make it (contract §8): the carrier side shows the challenge over the
   * document's comments with its s1 and s3; the counter party answers with its own account secret and its s2.
   */
  async responseCodeFor(
    carrierSide: Member,
    counterParty: Member,
    id: string,
    secretsOf: (document: any) => { s1?: string; s2: string; s3: string },
    action: TfaAction = 'COLLECTION',
  ) {
    const shown = await this.read(carrierSide, id);
    const { s1, s3 } = secretsOf(shown);
    const comments = (shown.comments as { text: string | null }[]).map((comment) => comment.text ?? '');
    const challenge = challengeCode({ contentHash: contentHash(comments, shown.serviceNumber), serviceNumber: shown.serviceNumber, s1: s1!, s3 });
    const answering = await this.read(counterParty, id);
    const member = this.cast[counterParty];
    return {
      challenge,
      responseCode: responseCode({
        challenge,
        action,
        accountNumber: member.accountNumber,
        s2: secretsOf(answering).s2,
        accountSecret: member.accountSecret,
      }),
    };
  }
}
