-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('NEW_REQUEST', 'REQUEST_APPROVED', 'REQUEST_DENIED', 'LOW_STOCK', 'MAINTENANCE_DUE', 'EQUIPMENT_DUE_BACK');

-- AlterTable
ALTER TABLE "Equipment" ADD COLUMN     "dueBack" TIMESTAMP(3),
ADD COLUMN     "maintenanceIntervalDays" INTEGER;

-- AlterTable
ALTER TABLE "InventoryItem" ADD COLUMN     "activeIngredient" TEXT,
ADD COLUMN     "epaRegistrationNumber" TEXT;

-- CreateTable
CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "message" TEXT NOT NULL,
    "requestId" INTEGER,
    "itemId" INTEGER,
    "equipmentId" INTEGER,
    "dedupeKey" TEXT,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChemicalUse" (
    "id" SERIAL NOT NULL,
    "itemId" INTEGER,
    "itemName" TEXT NOT NULL,
    "epaRegistrationNumber" TEXT,
    "activeIngredient" TEXT,
    "quantity" INTEGER NOT NULL,
    "unit" TEXT NOT NULL,
    "siteAddress" TEXT NOT NULL,
    "targetPest" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL,
    "userId" INTEGER NOT NULL,
    "stockMovementId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChemicalUse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notification_userId_id_idx" ON "Notification"("userId", "id" DESC);

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_userId_dedupeKey_key" ON "Notification"("userId", "dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "ChemicalUse_stockMovementId_key" ON "ChemicalUse"("stockMovementId");

-- CreateIndex
CREATE INDEX "ChemicalUse_usedAt_idx" ON "ChemicalUse"("usedAt");

-- CreateIndex
CREATE INDEX "ChemicalUse_itemId_idx" ON "ChemicalUse"("itemId");

-- CreateIndex
CREATE INDEX "ChemicalUse_userId_usedAt_idx" ON "ChemicalUse"("userId", "usedAt");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "Request"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_equipmentId_fkey" FOREIGN KEY ("equipmentId") REFERENCES "Equipment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChemicalUse" ADD CONSTRAINT "ChemicalUse_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChemicalUse" ADD CONSTRAINT "ChemicalUse_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
