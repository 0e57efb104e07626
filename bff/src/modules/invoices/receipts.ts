// Expense receipts: files judged by their content (never their name), kept through the storage interface, shown to
// their owner only. A file is stored before its row and removed again if the row cannot be written.
import { createHash, randomUUID } from 'node:crypto';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadedFile } from '../../platform/http/multipart.ts';
import type { FileStorage, StoredFile } from '../../platform/storage/storage.ts';
import { fileTooLarge, fileTypeNotAllowed, receiptInUse, receiptNotFound } from './errors.ts';
import { RECEIPT_CONTENT_TYPES, Receipt, type ReceiptContentType } from './entities.ts';
import type { InvoiceRepository } from './repository.ts';

/** Uploads are at most 4 MB (docs/product/invoices.md#receipts); the contract's x-max-bytes says the same. */
export const RECEIPT_MAX_BYTES = 4 * 1024 * 1024;
const EXTENSIONS: Record<ReceiptContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The name to show and download by: the client's base name without control or path characters, at most 200. */
export function safeFileName(name: string, type: ReceiptContentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .trim();
  const chars = [...base];
  return chars.length ? chars.slice(0, 200).join('') : `receipt.${EXTENSIONS[type]}`;
}

/** What a file is by its first bytes; null when it is not a JPG, PNG or PDF. */
export async function receiptTypeOf(data: Uint8Array): Promise<ReceiptContentType | null> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime as string | undefined;
  return mime && (RECEIPT_CONTENT_TYPES as readonly string[]).includes(mime) ? (mime as ReceiptContentType) : null;
}

export class Receipts {
  readonly #files: FileStorage;
  readonly #repository: InvoiceRepository;

  constructor(files: FileStorage, repository: InvoiceRepository) {
    this.#files = files;
    this.#repository = repository;
  }

  async upload(em: EntityManager, ownerId: string, file: UploadedFile): Promise<Receipt> {
    if (file.truncated || file.data.length > RECEIPT_MAX_BYTES) throw fileTooLarge();
    const type = file.data.length ? await receiptTypeOf(file.data) : null;
    if (!type) throw fileTypeNotAllowed();
    const id = randomUUID();
    const storageKey = `receipts/${ownerId}/${id}`;
    await this.#files.put(storageKey, file.data, type);
    try {
      const receipt = em.create(Receipt, {
        id,
        ownerId,
        storageKey,
        fileName: safeFileName(file.fileName, type),
        contentType: type,
        sizeBytes: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        createdAt: new Date(),
      });
      await em.flush();
      return receipt;
    } catch (error) {
      await this.#files.delete(storageKey).catch(() => {});
      throw error;
    }
  }

  async get(em: EntityManager, ownerId: string, id: string): Promise<{ receipt: Receipt; file: StoredFile }> {
    const receipt = await em.findOne(Receipt, { id, ownerId });
    if (!receipt) throw receiptNotFound();
    const file = await this.#files.get(receipt.storageKey);
    // A row without its file is a storage fault, not the user's: it must show in the logs as an error.
    if (!file) throw new Error(`Receipt ${receipt.id} has no file at ${receipt.storageKey}`);
    return { receipt, file };
  }

  /** Removes a receipt no expense uses; its file goes once the row is gone. */
  async delete(em: EntityManager, ownerId: string, id: string): Promise<void> {
    const storageKey = await em
      .transactional(async (tx) => {
        const receipt = await tx.findOne(Receipt, { id, ownerId });
        if (!receipt) throw receiptNotFound();
        if (await this.#repository.receiptInUse(tx, receipt.id)) throw receiptInUse();
        tx.remove(receipt);
        await tx.flush();
        return receipt.storageKey;
      })
      .catch((error: unknown) => {
        // An expense took the receipt between the check and the delete: the foreign key says so.
        throw error instanceof ForeignKeyConstraintViolationException ? receiptInUse() : error;
      });
    await this.#files.delete(storageKey);
  }
}
