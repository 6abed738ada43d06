import { useState, type FormEvent } from 'react';
import {
  Button,
  ImagePicker,
  TextField,
  languageNames,
  languages,
  toaster,
  type Lang,
  type PreparedImage,
} from '@swx/shared';
import { pageStyles } from '../../components/page';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

interface NftDraft {
  title: string;
  creator: string;
  chain: string;
  contractAddress: string;
  tokenId: string;
  /** The description in each language; English is required, the others are shown where given. */
  descriptions: Record<Lang, string>;
  startingBid: string;
  startsAt: string;
  endsAt: string;
  charity: string;
}

const blank: NftDraft = {
  title: '',
  creator: '',
  chain: 'Ethereum',
  contractAddress: '',
  tokenId: '',
  descriptions: Object.fromEntries(languages.map((lang) => [lang, ''])) as Record<Lang, string>,
  startingBid: '',
  startsAt: '',
  endsAt: '',
  charity: '',
};

/** A new charity NFT listing: the artwork goes up first, then the listing with its schedule. */
export function NftCreate({ onCreated }: { onCreated: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [draft, setDraft] = useState<NftDraft>(blank);
  const [artwork, setArtwork] = useState<PreparedImage | null>(null);
  const { busy, failure, setFailure, run } = useAction();
  const set = (name: Exclude<keyof NftDraft, 'descriptions'>) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const setDescription = (lang: Lang) => (event: { target: { value: string } }) =>
    setDraft((current) => ({
      ...current,
      descriptions: { ...current.descriptions, [lang]: event.target.value },
    }));
  // English first (required), then the other languages in the picker's order.
  const descriptionLanguages: Lang[] = ['en', ...languages.filter((lang) => lang !== 'en')];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!artwork) {
      setFailure(t('nfts.artworkRequired'));
      return;
    }
    await run(async () => {
      const upload = await session.api.upload('admin.uploadNftArtwork', artwork.file);
      await session.api.call('admin.createNft', {
        body: {
          title: draft.title.trim(),
          creator: draft.creator.trim(),
          chain: draft.chain.trim(),
          contractAddress: draft.contractAddress.trim(),
          tokenId: draft.tokenId.trim(),
          image: upload.id,
          descriptions: {
            ...Object.fromEntries(
              languages.flatMap((lang) => {
                const text = draft.descriptions[lang].trim();
                return text ? [[lang, text]] : [];
              }),
            ),
            en: draft.descriptions.en.trim(),
          },
          startingBid: draft.startingBid.trim(),
          startsAt: new Date(draft.startsAt).toISOString(),
          endsAt: new Date(draft.endsAt).toISOString(),
          charity: draft.charity.trim(),
        },
      });
      toaster.show(t('nfts.created', { title: draft.title.trim() }), { tone: 'success' });
      setDraft(blank);
      setArtwork(null);
      onCreated();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
      <div className={pageStyles.fields}>
        <TextField
          label={t('nfts.titleField')}
          value={draft.title}
          onChange={set('title')}
          maxLength={120}
          required
        />
        <TextField
          label={t('nfts.creator')}
          value={draft.creator}
          onChange={set('creator')}
          maxLength={100}
          required
        />
        <TextField
          label={t('nfts.charity')}
          value={draft.charity}
          onChange={set('charity')}
          maxLength={120}
          required
        />
      </div>
      <div className={pageStyles.fields}>
        <TextField
          label={t('nfts.chain')}
          value={draft.chain}
          onChange={set('chain')}
          maxLength={40}
          required
        />
        <TextField
          label={t('nfts.contract')}
          value={draft.contractAddress}
          onChange={set('contractAddress')}
          maxLength={100}
          required
        />
        <TextField
          label={t('nfts.tokenId')}
          value={draft.tokenId}
          onChange={set('tokenId')}
          maxLength={80}
          required
        />
      </div>
      <ImagePicker label={t('nfts.artwork')} value={artwork} onChange={setArtwork} required />
      {descriptionLanguages.map((lang) => (
        <label key={lang} className={pageStyles.label}>
          {t(lang === 'en' ? 'nfts.descriptionEn' : 'nfts.descriptionIn', { language: languageNames[lang] })}
          <textarea
            className={pageStyles.textarea}
            lang={lang}
            dir={lang === 'ar' ? 'rtl' : undefined}
            value={draft.descriptions[lang]}
            onChange={setDescription(lang)}
            maxLength={4000}
            required={lang === 'en'}
          />
        </label>
      ))}
      <div className={pageStyles.fields}>
        <TextField
          label={t('nfts.startingBid')}
          inputMode="decimal"
          value={draft.startingBid}
          onChange={set('startingBid')}
          required
        />
        <TextField
          label={t('nfts.startsAt')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={set('startsAt')}
          required
        />
        <TextField
          label={t('nfts.endsAt')}
          type="datetime-local"
          value={draft.endsAt}
          onChange={set('endsAt')}
          required
        />
      </div>
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {t('nfts.create')}
        </Button>
      </div>
    </form>
  );
}
