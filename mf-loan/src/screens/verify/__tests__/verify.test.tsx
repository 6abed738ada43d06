import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { KycDetail } from '@swx/shared/contract';
import FakeSignaturePad from '../../../test-support/fake-signature-pad';
import { createFakeSite, field, ok, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { VerifySection } from '../verify';

jest.mock('signature_pad', () => jest.requireActual('../../../test-support/fake-signature-pad'));

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  sessionStorage.clear();
});

const unverified: KycDetail = {
  status: 'unverified',
  documentType: null,
  documentNumber: null,
  firstName: null,
  lastName: null,
  birthdate: null,
  sex: null,
  country: null,
  address: null,
  areaCode: null,
  phone: null,
  images: { frontImage: false, backImage: false, handImage: false },
  hasSignature: false,
  submittedAt: null,
  targetTime: null,
  decidedAt: null,
  rejections: [],
};

const pending: KycDetail = {
  ...unverified,
  status: 'pending',
  documentType: 'passport',
  images: { frontImage: true, backImage: false, handImage: true },
  hasSignature: true,
  submittedAt: '2026-11-23T10:00:00.000Z',
  targetTime: '2026-11-25T10:00:00.000Z',
};

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], name, { type: 'image/jpeg' });

const uploadIds = ['a', 'b', 'c', 'd'].map((c) => c.repeat(32));

function uploads() {
  let next = 0;
  return () => ({ id: uploadIds[next++ % uploadIds.length], mime: 'image/jpeg', size: 8 });
}

async function next() {
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

test('a new customer goes through every step; each step is checked before the next opens', async () => {
  const site = createFakeSite(
    {
      'GET /user/identification': unverified,
      'POST /upload/identity': uploads(),
      'POST /user/identification': () => ok(pending, '20001'),
      'GET /user/identification/image/frontImage': new Error('no preview in the test'),
      'GET /user/identification/image/handImage': new Error('no preview in the test'),
      'POST /user/getUserInfo': () => ({ ...root!.session.userInfo!, kycStatus: 'pending' }),
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <VerifySection />, '/loan');
  expect(await screen.findByText('Not verified')).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Verification steps' })).toBeInTheDocument();

  // Step 1: a document type and its number are required; the number is checked as printed.
  await next();
  expect(screen.getAllByText('Please complete all information')).toHaveLength(2);
  await userEvent.click(screen.getByRole('radio', { name: /Passport/ }));
  await userEvent.type(field('Document number'), 'X1');
  await next();
  expect(screen.getByText(/Please enter the number as printed on the document/)).toBeInTheDocument();
  await userEvent.clear(field('Document number'));
  await userEvent.type(field('Document number'), 'C01X00T47');
  await next();

  // Step 2: personal data, with the adult check and the phone checked against the area code's plan.
  expect(screen.getByRole('heading', { name: 'Step 2 of 5: Personal data' })).toBeInTheDocument();
  await userEvent.type(field('First name'), 'Ana');
  await userEvent.type(field('Last name'), 'Silva');
  await userEvent.type(field('Date of birth'), '2015-01-01');
  await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
  await userEvent.selectOptions(screen.getByLabelText('Country of residence'), 'DE');
  await userEvent.type(field('Address'), 'Hauptstraße 1, 10115 Berlin');
  await userEvent.selectOptions(screen.getByLabelText('Area code'), 'DE');
  await userEvent.type(field('Phone number'), '12');
  await next();
  expect(screen.getByText('You must be at least 18 years old')).toBeInTheDocument();
  expect(screen.getByText('Phone number incorrect for this area code')).toBeInTheDocument();
  await userEvent.clear(field('Date of birth'));
  await userEvent.type(field('Date of birth'), '1990-05-17');
  await userEvent.clear(field('Phone number'));
  await userEvent.type(field('Phone number'), '030 1234567');
  await next();

  // Step 3: a passport needs no back photo.
  expect(screen.getByRole('heading', { name: 'Step 3 of 5: Photos' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Back of the document')).not.toBeInTheDocument();
  await next();
  expect(screen.getAllByText('Please upload the image')).toHaveLength(2);
  await userEvent.upload(screen.getByLabelText('Front of the document'), jpeg('front.jpg'));
  await userEvent.upload(screen.getByLabelText('You holding the document'), jpeg('hand.jpg'));
  await waitFor(() => expect(screen.getAllByText('Change image')).toHaveLength(2));
  await next();

  // Step 4: an empty pad, then a dot, are refused; a real signature passes.
  await next();
  expect(screen.getByText('Signature required: please sign in the box')).toBeInTheDocument();
  act(() => FakeSignaturePad.latest().draw([[[10, 10]]]));
  await next();
  expect(screen.getByText('Signature required: please sign in the box')).toBeInTheDocument();
  act(() =>
    FakeSignaturePad.latest().draw([
      [
        [20, 100],
        [120, 40],
        [260, 120],
      ],
    ]),
  );
  await waitFor(() => expect(screen.getByText('Signed')).toBeInTheDocument());
  await next();

  // Step 5: review, then submit.
  const review = screen.getByRole('heading', { name: 'Step 5 of 5: Review' }).parentElement!;
  expect(within(review).getByText('+49 030 1234567')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
  expect(await screen.findByText('Under review')).toBeInTheDocument();
  expect(screen.getByText(/within 48 hours/)).toBeInTheDocument();

  const sent = site.calls.find((call) => call.method === 'POST' && call.path === '/user/identification');
  expect(sent?.body).toEqual({
    documentType: 'passport',
    documentNumber: 'C01X00T47',
    firstName: 'Ana',
    lastName: 'Silva',
    birthdate: '1990-05-17',
    sex: 'female',
    country: 'DE',
    address: 'Hauptstraße 1, 10115 Berlin',
    areaCode: '+49',
    phone: '0301234567',
    frontImage: uploadIds[0],
    handImage: uploadIds[1],
    signature: {
      width: 480,
      height: 180,
      strokes: [
        [[10, 10]],
        [
          [20, 100],
          [120, 40],
          [260, 120],
        ],
      ],
    },
  });
  // The draft is gone once submitted: nothing of the identity stays in the tab.
  expect(Object.keys(sessionStorage)).toEqual([]);
});

test('the form resumes where the customer left it', async () => {
  const site = createFakeSite(
    { 'GET /user/identification': unverified, 'POST /upload/identity': uploads() },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  const first = renderScreen(root, <VerifySection />, '/loan');
  await screen.findByText('Not verified');
  await userEvent.click(screen.getByRole('radio', { name: /ID card/ }));
  await userEvent.type(field('Document number'), 'T0123456A');
  await next();
  await userEvent.type(field('First name'), 'Ana');
  first.unmount();

  renderScreen(root, <VerifySection />, '/loan');
  expect(await screen.findByRole('heading', { name: 'Step 2 of 5: Personal data' })).toBeInTheDocument();
  expect(field('First name')).toHaveValue('Ana');
});

test('after a failed review it shows the reason per field and sends only what failed', async () => {
  const failed: KycDetail = {
    ...pending,
    status: 'failed',
    documentType: 'id_card',
    images: { frontImage: true, backImage: true, handImage: true },
    decidedAt: '2026-11-24T09:00:00.000Z',
    rejections: [{ field: 'backImage', reason: 'back photo unreadable' }],
  };
  const site = createFakeSite(
    {
      'GET /user/identification': failed,
      'GET /user/identification/image/frontImage': new Error('no preview'),
      'GET /user/identification/image/backImage': new Error('no preview'),
      'GET /user/identification/image/handImage': new Error('no preview'),
      'POST /upload/identity': uploads(),
      'POST /user/identification': () => ok({ ...failed, status: 'pending', rejections: [] }, '20001'),
      'POST /user/getUserInfo': () => root!.session.userInfo,
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <VerifySection />, '/loan');
  expect(await screen.findByText('Not approved')).toBeInTheDocument();
  expect(screen.getByText('back photo unreadable')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Fix and send again' }));

  // Only the photo step and the review: nothing else is asked again.
  const steps = screen.getByRole('list', { name: 'Verification steps' });
  expect(
    within(steps)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['1Photos', '2Review']);
  expect(screen.queryByLabelText('Front of the document')).not.toBeInTheDocument();
  expect(screen.getByText('Not accepted: back photo unreadable')).toBeInTheDocument();
  await userEvent.upload(screen.getByLabelText('Back of the document'), jpeg('back.jpg'));
  await waitFor(() => expect(screen.getByText('Change image')).toBeInTheDocument());
  await next();
  await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
  expect(await screen.findByText('Under review')).toBeInTheDocument();
  const sent = site.calls.find((call) => call.method === 'POST' && call.path === '/user/identification');
  expect(sent?.body).toEqual({ backImage: uploadIds[0] });
});

test('the area codes cover every country, the country of residence first, and send its calling code', async () => {
  const site = createFakeSite(
    { 'GET /user/identification': unverified, 'POST /upload/identity': uploads() },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <VerifySection />, '/loan');
  await screen.findByText('Not verified');
  await userEvent.click(screen.getByRole('radio', { name: /Passport/ }));
  await userEvent.type(field('Document number'), 'C01X00T47');
  await next();

  const areaCode = screen.getByLabelText('Area code');
  const codes = () =>
    within(areaCode)
      .getAllByRole('option')
      .filter((option) => (option as HTMLOptionElement).value !== '');
  // Every country of libphonenumber's metadata (the seed had 11 codes), with the codes customers asked for.
  expect(codes().length).toBeGreaterThan(240);
  for (const name of [/^United States \(.\+1.\)$/, /^Canada \(.\+1.\)$/, /^United Kingdom \(.\+44.\)$/]) {
    expect(within(areaCode).getByRole('option', { name })).toBeInTheDocument();
  }
  expect(within(areaCode).getByRole('option', { name: /^France \(.\+33.\)$/ })).toBeInTheDocument();
  expect(within(areaCode).getByRole('option', { name: /^China \(.\+86.\)$/ })).toBeInTheDocument();
  // By name until a country of residence is chosen; then that country comes first.
  expect(codes()[0]).toHaveTextContent(/^Afghanistan/);
  await userEvent.selectOptions(screen.getByLabelText('Country of residence'), 'CA');
  expect(codes()[0]).toHaveTextContent(/^Canada \(.\+1.\)$/);

  await userEvent.selectOptions(areaCode, 'CA');
  await userEvent.type(field('Phone number'), '212 555 01');
  await next();
  expect(screen.getByText('Phone number incorrect for this area code')).toBeInTheDocument();
  // +1 is shared: a number of the North American plan is accepted whichever +1 country was picked.
  await userEvent.clear(field('Phone number'));
  await userEvent.type(field('Phone number'), '212 555 0123');
  await next();
  expect(screen.queryByText('Phone number incorrect for this area code')).not.toBeInTheDocument();
});
