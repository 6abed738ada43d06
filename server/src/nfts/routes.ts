import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { errors, successes } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['nfts'];
const security = [{ token: [] }];

/** Charity NFTs under /swx/customer: public lists and artwork, the customer's bids and NFTs. */
export const nftsRoutes: FastifyPluginAsync = async (app) => {
  const { nfts } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };
  const authOnce = { preValidation: app.authenticate, preHandler: app.guardRepeat };

  route(
    app,
    'nfts.list',
    {
      schema: {
        tags,
        summary: 'Charity NFT auctions (live, upcoming, ended) with current bid, bids and remaining time',
        description: 'Also the total donated (sum of the charity account’s postings) and the auction rules.',
      },
    },
    async (request) => ok(await nfts.list(request.query)),
  );

  route(
    app,
    'nfts.get',
    { schema: { tags, summary: 'One NFT auction with its bid history (bidders masked) and rules' } },
    async (request) => ok(await nfts.get(request.params.id, request.query.lang)),
  );

  route(
    app,
    'nfts.donations',
    {
      schema: {
        tags,
        summary: 'Every settled sale’s donation from the ledger: winner masked, amount, reference',
      },
    },
    async () => ok(await nfts.donations()),
  );

  route(
    app,
    'nfts.image',
    { schema: { tags, summary: 'The artwork of an NFT listing (PNG or JPEG, re-encoded)' } },
    async (request, reply) => {
      const artwork = await nfts.artwork(request.params.id);
      return reply
        .header('content-type', artwork.mime)
        .header('content-length', String(artwork.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(artwork.bytes);
    },
  );

  route(
    app,
    'nfts.bid',
    {
      ...authOnce,
      schema: {
        tags,
        summary: 'Bids on an NFT: the amount is held; the previous highest bid is released',
        description:
          'At least the starting bid, or one increment (`nft_bid_increment`) above the current bid (`11142`); ' +
          'a raise by the current leader holds only the difference. Demo `11006`, not live `11141`, ' +
          'insufficient funds `10011`, a repeat `30000`. A bid in the last `nft_extension_window_seconds` moves ' +
          'the end to `nft_extension_seconds` after it, at most `nft_max_extension_seconds` past the original end.',
        security,
      },
    },
    async (request) => ok(await nfts.bid(request.customer, request.body), successes.purchased),
  );

  route(
    app,
    'nfts.mine',
    { ...auth, schema: { tags, summary: 'My bids (winning, outbid, won, lost) and my NFTs', security } },
    async (request) => ok(await nfts.mine(request.customer, request.query.lang)),
  );
};

/** Staff create listings (audited) and upload their artwork (re-encoded, audited). */
export const nftsAdminRoutes: FastifyPluginAsync = async (app) => {
  const { nfts } = app.services;
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 2, parts: 3 } });

  route(
    app,
    'admin.uploadNftArtwork',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Uploads an NFT artwork (JPG, JPEG 2000 or PNG in multipart field "file"); re-encoded, audited',
        security,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(errors.imageMissing);
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw new AppError(errors.imageMissing);
      const bytes = await part.toBuffer().catch(() => {
        throw new AppError(errors.imageTooLarge);
      });
      return ok(await nfts.uploadArtwork(request.staff, bytes));
    },
  );

  route(
    app,
    'admin.createNft',
    {
      preValidation: app.authenticateStaff,
      schema: { tags: ['staff'], summary: 'Lists an NFT auction for the charity (audited)', security },
    },
    async (request) => ok(await nfts.createListing(request.staff, request.body)),
  );

  route(
    app,
    'admin.nftListings',
    {
      preHandler: app.authenticateStaff,
      schema: { tags: ['staff'], summary: 'Every listing, cancelled ones included, newest first', security },
    },
    async () => ok(await nfts.staffListings()),
  );

  route(
    app,
    'admin.cancelNft',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Cancels a listing before its first bid (11183 after a bid), audited with the reason',
        security,
      },
    },
    async (request) => ok(await nfts.cancelListing(request.staff, request.params.id, request.body.reason)),
  );

  // Charity payouts: one finance member records, a different one approves (posted from the charity account).
  const staffAuth = { preValidation: app.authenticateStaff };
  route(
    app,
    'admin.charityBook',
    {
      ...staffAuth,
      schema: {
        tags: ['staff'],
        summary: 'Raised, paid out and held for the charity, and every payout',
        security,
      },
    },
    async () => ok(await nfts.charity.book()),
  );

  route(
    app,
    'admin.requestCharityPayout',
    {
      ...staffAuth,
      schema: {
        tags: ['staff'],
        summary:
          'Records a payout to the charity with its payment reference (a second finance member approves)',
        description: 'More than the charity funds held (less payouts already waiting) `11405`.',
        security,
      },
    },
    async (request) => ok(await nfts.charity.request(request.staff, request.body)),
  );

  route(
    app,
    'admin.approveCharityPayout',
    {
      ...staffAuth,
      schema: {
        tags: ['staff'],
        summary: 'Approves a payout: posted from the charity account to the charity’s external account',
        description:
          'By the member who recorded it `11171`; decided already `11043`; over the funds held `11405`.',
        security,
      },
    },
    async (request) => ok(await nfts.charity.approve(request.staff, request.params.id)),
  );

  route(
    app,
    'admin.rejectCharityPayout',
    {
      ...staffAuth,
      schema: { tags: ['staff'], summary: 'Turns a payout request down (nothing moves)', security },
    },
    async (request) => ok(await nfts.charity.reject(request.staff, request.params.id, request.body.reason)),
  );
};
