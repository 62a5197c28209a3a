import type { z } from 'zod';
import { CARRIER_ROLES } from '@/lib/domain/transfers';
import { licensePlatesInput } from '@/lib/schemas/transfers';
import type { LicensePlateRecord } from '@/server/db/schema';
import { errorItem, fail, parseInput, ServiceError } from '@/server/errors';
import { eftiSettings } from '@/server/config/env';
import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateAndSerialize } from '../document/mutate-document';

const keyOf = (plate: Omit<LicensePlateRecord, 'roleId'>) => JSON.stringify([plate.licensePlate, plate.countryCode, plate.type]);

/**
 * PATCH /freightdocuments/{id}/licenseplates (contract §7): a carrier or subsequent carrier replaces the plates
 * of a carrier role it holds, in ISSUED or TRANSIT. The codes are the specification's: no carrier role 3.39,
 * wrong status 3.47, a role that is not a carrier's 3.45, another carrier's role 3.48, nothing changed 3.49.
 */
export async function updateLicensePlates({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof licensePlatesInput> };
}) {
  const patch = parseInput(licensePlatesInput, input.body);
  // Contract §15: while eFTI is on, the gate's registry is keyed on plates with their countries, so each needs one.
  const withoutCountry = eftiSettings(ctx.config) ? patch.licensePlates.flatMap((plate, index) => (plate.countryCode ? [] : [index])) : [];
  if (withoutCountry.length > 0) throw new ServiceError(withoutCountry.map((index) => errorItem('3.1', `licensePlates[${index}].countryCode`)));
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'LICENSE_PLATES',
    previousCommits: patch.previousCommits,
    requirePreviousCommits: true,
    apply: async (loaded) => {
      authorize(loaded, 'EDIT_LICENSE_PLATES');
      const role = loaded.roles.find((candidate) => candidate.id === patch.roleId);
      if (!role) fail('4.1', 'roleId');
      if (!CARRIER_ROLES.includes(role.role)) fail('3.45', 'roleId');
      const actingAs = loaded.access.held.find((held) => held.roleId === role.id);
      if (!actingAs) fail('3.48', 'roleId');

      const plates = new Map(
        patch.licensePlates.map(({ licensePlate, countryCode, type }) => [
          keyOf({ licensePlate, countryCode: countryCode ?? null, type }),
          { licensePlate, countryCode: countryCode ?? null, type },
        ]),
      );
      const current = loaded.document.licensePlates.filter((plate) => plate.roleId === role.id);
      const unchanged = current.length === plates.size && current.every((plate) => plates.has(keyOf(plate)));
      if (unchanged) fail('3.49', 'licensePlates');
      const others = loaded.document.licensePlates.filter((plate) => plate.roleId !== role.id);
      return { set: { licensePlates: [...others, ...[...plates.values()].map((plate) => ({ roleId: role.id, ...plate }))] }, actingAs };
    },
  });
}
