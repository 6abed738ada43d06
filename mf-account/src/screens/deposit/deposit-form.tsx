import { useState, type FormEvent } from 'react';
import {
  Button,
  DecimalField,
  ImagePicker,
  TextField,
  messageForError,
  type PreparedImage,
} from '@swx/shared';
import type { Deposit, DepositOptions, RechargeBody } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { AddressBox } from '../../components/address';
import {
  ChoiceGroup,
  amountForWire,
  amountProblem,
  formStyles,
  newIdempotencyKey,
  problemText,
  txHashProblem,
  type Problem,
} from '../../components/form';
import { useAccountStrings } from '../../i18n';
import { successes } from '@swx/shared/contract';

type Field = 'amount' | 'txHash' | 'proof';

export interface DepositDraft {
  coin: string;
  network: string;
  amount: string;
  txHash: string;
  proof: PreparedImage | null;
}

/** The deposit form's rules (seed §5): amount at least the coin's minimum, a hash of the network's shape, a proof. */
export function validateDeposit(
  draft: DepositDraft,
  minimum: string | undefined,
): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  const amount = amountProblem(draft.amount, { minimum, coin: draft.coin });
  const txHash = txHashProblem(draft.txHash, draft.network);
  if (amount) problems.amount = amount;
  if (txHash) problems.txHash = txHash;
  if (!draft.proof) problems.proof = { key: 'common:validation.proofRequired' };
  return problems;
}

interface DepositFormProps {
  options: DepositOptions;
  onSubmitted: (deposit: Deposit, message: string) => void;
}

/** Coin and network, where to send, how much was sent, the transaction hash and a proof screenshot. */
export function DepositForm({ options, onSubmitted }: DepositFormProps) {
  const { t } = useAccountStrings();
  const [coin, setCoin] = useState(options.coins[0]?.coin ?? '');
  const coinOption = options.coins.find((item) => item.coin === coin);
  const [network, setNetwork] = useState(coinOption?.networks[0]?.network ?? '');
  const networkOption =
    coinOption?.networks.find((item) => item.network === network) ?? coinOption?.networks[0];
  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [proof, setProof] = useState<PreparedImage | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseCoin = (next: string) => {
    setCoin(next);
    setNetwork(options.coins.find((item) => item.coin === next)?.networks[0]?.network ?? '');
    setProblems({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!coinOption || !networkOption) return;
    const draft: DepositDraft = { coin, network: networkOption.network, amount, txHash, proof };
    const found = validateDeposit(draft, coinOption.minimum);
    setProblems(found);
    if (Object.keys(found).length > 0 || !proof) return;
    setBusy(true);
    // One key per submission: if the answer is lost and the call is repeated, the server refuses it (30000).
    const idempotencyKey = newIdempotencyKey();
    try {
      let proofImage: string;
      try {
        proofImage = (await accountApi.uploadImage(proof.file)).id;
      } catch {
        setFormError(t('upload.failedRetry', { ns: 'common' }));
        return;
      }
      const body: RechargeBody = {
        coin: coin as RechargeBody['coin'],
        network: networkOption.network as RechargeBody['network'],
        amount: amountForWire(amount),
        txHash: txHash.trim(),
        proofImage,
      };
      const answer = await accountApi.recharge(body, idempotencyKey);
      setAmount('');
      setTxHash('');
      setProof(null);
      onSubmitted(
        answer.result,
        t(`codes.${answer.successCode ?? successes.depositSubmitted}`, { ns: 'common' }),
      );
    } catch (error) {
      setFormError(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  if (!coinOption) return null;
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label={t('deposit.title')}>
      <ChoiceGroup
        legend={t('deposit.coin')}
        name="coin"
        value={coin}
        options={options.coins.map((item) => ({ value: item.coin, label: item.coin }))}
        onChange={chooseCoin}
      />
      <ChoiceGroup
        legend={t('deposit.network')}
        name="network"
        value={networkOption?.network ?? ''}
        options={coinOption.networks.map((item) => ({ value: item.network, label: item.network }))}
        onChange={setNetwork}
      />
      {networkOption ? (
        <AddressBox
          label={t('deposit.address', { coin, network: networkOption.network })}
          value={networkOption.address}
          qrCode={networkOption.qrCode}
          qrAlt={t('deposit.qrAlt', { coin, network: networkOption.network })}
          copyLabel={t('deposit.copyAddress')}
        />
      ) : null}
      <p role="note" style={{ margin: 0 }}>
        {t('deposit.sendOnly', { coin, network: networkOption?.network ?? '' })}
      </p>
      <DecimalField
        label={t('deposit.amount')}
        value={amount}
        onValueChange={(text) => {
          setAmount(text);
          setProblems((previous) => ({ ...previous, amount: undefined }));
        }}
        hint={t('deposit.minimum', { minimum: coinOption.minimum, coin })}
        trailing={coin}
        error={problemText(problems.amount, t)}
        required
      />
      <TextField
        label={t('deposit.txHash')}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={txHash}
        onChange={(event) => {
          setTxHash(event.target.value);
          setProblems((previous) => ({ ...previous, txHash: undefined }));
        }}
        hint={t('deposit.txHashHint')}
        error={problemText(problems.txHash, t)}
        required
      />
      <ImagePicker
        label={t('deposit.proof')}
        value={proof}
        onChange={(image) => {
          setProof(image);
          setProblems((previous) => ({ ...previous, proof: undefined }));
        }}
        error={problemText(problems.proof, t)}
        required
      />
      {formError ? (
        <p className={formStyles.alert} role="alert">
          {formError}
        </p>
      ) : null}
      <Button type="submit" loading={busy}>
        {t('deposit.submit')}
      </Button>
    </form>
  );
}
