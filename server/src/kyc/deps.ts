import type { Db } from '../db/client';
import type { AuditService } from '../staff/audit';
import type { AuthService } from '../auth/service';
import type { ParamsService } from '../params/service';
import type { UploadsService } from '../uploads/service';
import type { IdentityData } from './identity-data';
import type { NoticeDeps } from './notify';
import type { IdentityPhotos } from './photos';

/** What the KYC domain is built from (the composition root hands it in). */
export interface KycDeps extends NoticeDeps {
  db: Db;
  uploads: UploadsService;
  /** Sealed photo files (`photos.ts`). */
  photos: IdentityPhotos;
  /** Sealing of the personal fields and the signature, and the document number's keyed hash. */
  data: IdentityData;
  auth: Pick<AuthService, 'setKycStatus' | 'customerSummaries'>;
  audit: AuditService;
  params: ParamsService;
}
