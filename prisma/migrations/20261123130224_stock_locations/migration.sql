-- CreateEnum
CREATE TYPE "StockLocationKind" AS ENUM ('WAREHOUSE', 'VEHICLE');

-- CreateEnum
CREATE TYPE "StockCountStatus" AS ENUM ('OPEN', 'COMPLETED', 'ABANDONED');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "StockMovementReason" ADD VALUE 'transfer';
ALTER TYPE "StockMovementReason" ADD VALUE 'count';

-- AlterTable
ALTER TABLE "StockMovement" ADD COLUMN     "countId" INTEGER,
ADD COLUMN     "locationId" INTEGER;

-- CreateTable
CREATE TABLE "StockLocation" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "StockLocationKind" NOT NULL,
    "holderId" INTEGER,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StockLocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockLevel" (
    "id" SERIAL NOT NULL,
    "itemId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "minQuantity" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StockLevel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockCount" (
    "id" SERIAL NOT NULL,
    "locationId" INTEGER NOT NULL,
    "status" "StockCountStatus" NOT NULL DEFAULT 'OPEN',
    "startedById" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "StockCount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockCountLine" (
    "id" SERIAL NOT NULL,
    "countId" INTEGER NOT NULL,
    "itemId" INTEGER NOT NULL,
    "snapshotQuantity" INTEGER NOT NULL,
    "movedBeforeCount" INTEGER NOT NULL DEFAULT 0,
    "movedAfterCount" INTEGER NOT NULL DEFAULT 0,
    "countedQuantity" INTEGER,
    "countedAt" TIMESTAMP(3),
    "variance" INTEGER,

    CONSTRAINT "StockCountLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StockLocation_kind_name_id_idx" ON "StockLocation"("kind", "name", "id");

-- CreateIndex
CREATE INDEX "StockLocation_holderId_idx" ON "StockLocation"("holderId");

-- CreateIndex
CREATE INDEX "StockLevel_locationId_itemId_idx" ON "StockLevel"("locationId", "itemId");

-- CreateIndex
CREATE UNIQUE INDEX "StockLevel_itemId_locationId_key" ON "StockLevel"("itemId", "locationId");

-- CreateIndex
CREATE INDEX "StockCount_locationId_status_idx" ON "StockCount"("locationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "StockCountLine_countId_itemId_key" ON "StockCountLine"("countId", "itemId");

-- CreateIndex
CREATE INDEX "StockMovement_locationId_createdAt_idx" ON "StockMovement"("locationId", "createdAt");

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "StockLocation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLocation" ADD CONSTRAINT "StockLocation_holderId_fkey" FOREIGN KEY ("holderId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLevel" ADD CONSTRAINT "StockLevel_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLevel" ADD CONSTRAINT "StockLevel_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "StockLocation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCount" ADD CONSTRAINT "StockCount_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "StockLocation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCount" ADD CONSTRAINT "StockCount_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCountLine" ADD CONSTRAINT "StockCountLine_countId_fkey" FOREIGN KEY ("countId") REFERENCES "StockCount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCountLine" ADD CONSTRAINT "StockCountLine_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (issue 15). Stock at a location never goes below zero, enforced by the database.
ALTER TABLE "StockLevel" ADD CONSTRAINT "StockLevel_quantity_not_negative" CHECK ("quantity" >= 0);
ALTER TABLE "StockLevel" ADD CONSTRAINT "StockLevel_minQuantity_not_negative" CHECK ("minQuantity" IS NULL OR "minQuantity" >= 0);

-- Every existing item's stock is put in one warehouse, so nothing moves and every total stays equal
-- (InventoryItem.quantity = the sum of its levels). Earlier movements happened there too.
INSERT INTO "StockLocation" ("name", "kind", "updatedAt") VALUES ('Main Warehouse', 'WAREHOUSE', CURRENT_TIMESTAMP);
INSERT INTO "StockLevel" ("itemId", "locationId", "quantity", "updatedAt")
  SELECT i.id, l.id, i.quantity, CURRENT_TIMESTAMP
  FROM "InventoryItem" i CROSS JOIN (SELECT min(id) AS id FROM "StockLocation") l
  WHERE i.quantity > 0;
UPDATE "StockMovement" SET "locationId" = (SELECT min(id) FROM "StockLocation") WHERE "locationId" IS NULL;
