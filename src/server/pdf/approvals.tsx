import { Image, Text, View } from '@react-pdf/renderer';
import { CMR_LABELS, type PdfLanguage } from '@/lib/pdf/cmr-labels';
import type { ApprovalResponse, CommentResponse } from '@/lib/schemas/freight-document-response';
import { multilingual } from './box';
import { dateTime, joined, words, type PdfZones } from './format';
import type { PdfImage } from './model';
import { styles } from './styles';

type Person = ApprovalResponse['submittedBy'] | null;
const nameOf = (person: Person) => person?.name || person?.email || person?.accountNumber || '';

/** Who approved: the signer on glass, else the approving account, else the account that recorded it. */
export function approverOf(approval: ApprovalResponse): string {
  return approval.signedOnGlassBy?.name || nameOf(approval.account) || nameOf(approval.submittedBy);
}

export function placeOf(approval: ApprovalResponse): string {
  const location = approval.location ? `(${approval.location.latitude}, ${approval.location.longitude})` : undefined;
  return joined(approval.place, location);
}

/** One approval inside a signature box: type, who, when, where, and the image signed on glass. */
export function ApprovalStamp({
  approval,
  language,
  zone,
  signature,
}: {
  approval: ApprovalResponse;
  language: PdfLanguage;
  /** The zone of the transfer's place: the time prints in its local time. */
  zone: string;
  signature?: PdfImage;
}) {
  const texts = CMR_LABELS[language].texts;
  return (
    <View style={{ marginBottom: 3 }} wrap={false}>
      <Text style={styles.value}>
        {words(approval.type)}
        {approval.declined ? ` – ${texts.declined}` : ''}: {approverOf(approval)}
      </Text>
      <Text style={styles.labelOther}>{joined(dateTime(approval.createDateTimeServer, zone), placeOf(approval) ? `· ${placeOf(approval)}` : undefined)}</Text>
      {approval.remarks ? <Text style={styles.labelOther}>{approval.remarks}</Text> : null}
      {signature ? <Image style={styles.signature} src={{ data: Buffer.from(signature.data), format: signature.format }} /> : null}
    </View>
  );
}

const COLUMNS = ['action', 'approvalType', 'who', 'when', 'where'] as const;

/** Every approval of the document with its evidence (contract §9), in the order they were recorded. */
export function ApprovalsTable({
  approvals,
  languages,
  signatures,
  zones,
}: {
  approvals: ApprovalResponse[];
  languages: PdfLanguage[];
  signatures: Record<string, PdfImage>;
  zones: PdfZones;
}) {
  return (
    <View>
      <Text style={styles.sectionTitle}>{multilingual(languages, 'approvals')}</Text>
      {approvals.length === 0 ? (
        <Text style={[styles.value, styles.muted]}>{multilingual(languages, 'none')}</Text>
      ) : (
        <View style={styles.table}>
          <View style={styles.row} wrap={false}>
            {COLUMNS.map((column) => (
              <Text key={column} style={[styles.cell, styles.labelMain]}>
                {multilingual(languages, column)}
              </Text>
            ))}
            <Text style={[styles.cell, styles.labelMain]}>{multilingual(languages, 'signature')}</Text>
          </View>
          {approvals.map((approval) => {
            const signature = approval.attachmentId ? signatures[approval.attachmentId] : undefined;
            return (
              <View key={approval.approvalId} style={styles.tableRow} wrap={false}>
                <Text style={styles.cell}>{joined(words(approval.action), `(${words(approval.role)})`)}</Text>
                <Text style={styles.cell}>
                  {words(approval.type)}
                  {approval.declined ? ` – ${CMR_LABELS[languages[0]!].texts.declined}` : ''}
                </Text>
                <Text style={styles.cell}>{approverOf(approval)}</Text>
                <Text style={styles.cell}>{dateTime(approval.createDateTimeServer, zones[approval.action])}</Text>
                <Text style={styles.cell}>{placeOf(approval)}</Text>
                <View style={styles.cell}>
                  {signature ? <Image style={styles.signature} src={{ data: Buffer.from(signature.data), format: signature.format }} /> : null}
                </View>
              </View>
            );
          })}
        </View>
      )}
    </View>
  );
}

/** The carriers' comments: part of box 18's reservations and observations, printed in full. */
export function commentLines(comments: CommentResponse[]): string[] {
  return comments.map((comment) =>
    joined(dateTime(comment.createDateTimeServer), nameOf(comment.account) || nameOf(comment.submittedBy), '–', comment.text ?? ''),
  );
}
