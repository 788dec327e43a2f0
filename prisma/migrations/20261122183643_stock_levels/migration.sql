-- AlterTable: a generated column (Prisma's schema can only call it a dbgenerated default), so the
-- Warning band of §4 is a plain indexed comparison: quantity <= warningLevel.
ALTER TABLE "InventoryItem" ADD COLUMN "warningLevel" INTEGER NOT NULL GENERATED ALWAYS AS (("minQuantity" * 3) / 2) STORED;

-- CreateIndex
CREATE INDEX "InventoryItem_quantity_id_idx" ON "InventoryItem"("quantity", "id");

-- CreateIndex
CREATE INDEX "InventoryItem_updatedAt_id_idx" ON "InventoryItem"("updatedAt", "id");
