// A customer's payment as the bank reports it, for the browser specs that import one (test tooling, not app code).
import { writeBgMax } from '../../bff/src/domain/bgmax-writer.ts';

/** Today's day in Sweden (`YYYY-MM-DD`). */
export const todayInSweden = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

let serial = 0;
/** A BgMax file of one deposit today paying `amount` öre with the OCR reference, unique per call. */
export function bgMaxPaying(ocr: string, amount: number): Buffer {
  serial += 1;
  const unique = `${Date.now()}`.slice(-9) + String(serial).padStart(3, '0');
  return writeBgMax({
    timestamp: `${todayInSweden().replaceAll('-', '')}${unique.slice(-12).padStart(12, '0')}`,
    receivingBankgiro: '50501238',
    deposits: [
      {
        paymentDate: todayInSweden(),
        serialNumber: unique.slice(-5),
        payments: [
          {
            reference: ocr,
            referenceCode: '2',
            amountMinor: amount,
            serialNumber: unique.padStart(12, '0'),
            payerName: 'Volvo Personvagnar AB',
            payerCity: 'Göteborg',
          },
        ],
      },
    ],
  });
}
