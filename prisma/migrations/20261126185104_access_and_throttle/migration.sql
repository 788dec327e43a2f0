-- Activity entries about purchasing and the team are for managers only (server/domain/access.ts).
ALTER TABLE "ActivityEntry" ADD COLUMN     "managersOnly" BOOLEAN NOT NULL DEFAULT false;
UPDATE "ActivityEntry" SET "managersOnly" = true
  WHERE "entityType" IN ('supplier', 'purchaseOrder', 'user')
     OR ("entityType" = 'inventory' AND ("details" LIKE 'Set the preferred supplier of %' OR "details" LIKE 'Removed the preferred supplier of %'));

-- CreateIndex
CREATE INDEX "ActivityEntry_managersOnly_createdAt_id_idx" ON "ActivityEntry"("managersOnly", "createdAt" DESC, "id" DESC);

-- The Warning level, floor(1.5 × minQuantity), computed in 64 bits: a minimum above 1,431,655,764
-- overflowed the 32-bit product. Held to the largest integer, which no quantity exceeds.
ALTER TABLE "InventoryItem" DROP COLUMN "warningLevel";
ALTER TABLE "InventoryItem" ADD COLUMN "warningLevel" INTEGER NOT NULL GENERATED ALWAYS AS ((LEAST((("minQuantity")::bigint * 3) / 2, 2147483647))::integer) STORED;

-- Sign-in throttling by key with growing delays instead of a lock per username (a failure count
-- is worth nothing across the change: start afresh).
DELETE FROM "LoginThrottle";
ALTER TABLE "LoginThrottle" DROP CONSTRAINT "LoginThrottle_pkey",
DROP COLUMN "lockedUntil",
DROP COLUMN "username",
DROP COLUMN "windowStart",
ADD COLUMN     "key" TEXT NOT NULL,
ADD COLUMN     "lastFailureAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key");
