-- CreateEnum
CREATE TYPE "MeasureUnit" AS ENUM ('FL_OZ', 'GAL', 'ML', 'L', 'OZ', 'LB', 'G', 'KG');

-- CreateEnum
CREATE TYPE "AreaUnit" AS ENUM ('SQ_FT', 'LINEAR_FT', 'CUBIC_FT', 'ACRES');

-- CreateEnum
CREATE TYPE "SignalWord" AS ENUM ('CAUTION', 'WARNING', 'DANGER');

-- CreateEnum
CREATE TYPE "ApplicationMethod" AS ENUM ('SPRAY', 'BAIT', 'DUST', 'FOG', 'GRANULAR', 'INJECTION', 'OTHER');

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'CERTIFICATION_EXPIRING';

-- AlterTable
ALTER TABLE "InventoryItem" ADD COLUMN     "activeIngredients" JSONB,
ADD COLUMN     "containerAmountMilli" INTEGER,
ADD COLUMN     "containerUnit" "MeasureUnit",
ADD COLUMN     "formulation" TEXT,
ADD COLUMN     "restrictedUse" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "signalWord" "SignalWord";

-- AlterTable
ALTER TABLE "StockLevel" ADD COLUMN     "amount" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "StockMovement" ADD COLUMN     "amountDelta" BIGINT,
ADD COLUMN     "applicationId" INTEGER;

-- CreateTable
CREATE TABLE "Certification" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "categories" TEXT[],
    "issuedOn" TIMESTAMP(3),
    "expiresOn" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Certification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Application" (
    "id" SERIAL NOT NULL,
    "customerName" TEXT,
    "street" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "siteDescription" TEXT,
    "areaAmount" DECIMAL(15,3),
    "areaUnit" "AreaUnit",
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "targetPests" TEXT[],
    "method" "ApplicationMethod",
    "applicatorId" INTEGER NOT NULL,
    "applicatorName" TEXT NOT NULL,
    "certificationNumber" TEXT,
    "certificationState" TEXT,
    "supervisorId" INTEGER,
    "supervisorName" TEXT,
    "supervisorCertificationNumber" TEXT,
    "supervisedApplicators" TEXT[],
    "temperatureF" DECIMAL(6,1),
    "windSpeedMph" DECIMAL(6,1),
    "windDirection" TEXT,
    "notes" TEXT,
    "recordedById" INTEGER NOT NULL,
    "chemicalUseId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApplicationLine" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "itemId" INTEGER,
    "productName" TEXT NOT NULL,
    "epaRegistrationNumber" TEXT,
    "restrictedUse" BOOLEAN NOT NULL DEFAULT false,
    "signalWord" "SignalWord",
    "activeIngredients" JSONB,
    "amount" DECIMAL(15,3) NOT NULL,
    "unit" TEXT NOT NULL,
    "amountBase" BIGINT,
    "dilutionAmount" DECIMAL(15,3),
    "dilutionUnit" "MeasureUnit",
    "finishedVolume" DECIMAL(15,3),
    "finishedUnit" "MeasureUnit",
    "locationId" INTEGER,

    CONSTRAINT "ApplicationLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApplicationAmendment" (
    "id" SERIAL NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "before" JSONB NOT NULL,
    "late" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApplicationAmendment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Certification_userId_key" ON "Certification"("userId");

-- CreateIndex
CREATE INDEX "Certification_expiresOn_idx" ON "Certification"("expiresOn");

-- CreateIndex
CREATE UNIQUE INDEX "Application_chemicalUseId_key" ON "Application"("chemicalUseId");

-- CreateIndex
CREATE INDEX "Application_startedAt_id_idx" ON "Application"("startedAt", "id");

-- CreateIndex
CREATE INDEX "Application_applicatorId_startedAt_idx" ON "Application"("applicatorId", "startedAt");

-- CreateIndex
CREATE INDEX "Application_customerName_idx" ON "Application"("customerName");

-- CreateIndex
CREATE INDEX "ApplicationLine_itemId_idx" ON "ApplicationLine"("itemId");

-- CreateIndex
CREATE UNIQUE INDEX "ApplicationLine_applicationId_position_key" ON "ApplicationLine"("applicationId", "position");

-- CreateIndex
CREATE INDEX "ApplicationAmendment_applicationId_createdAt_idx" ON "ApplicationAmendment"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "StockMovement_applicationId_idx" ON "StockMovement"("applicationId");

-- AddForeignKey
ALTER TABLE "Certification" ADD CONSTRAINT "Certification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_applicatorId_fkey" FOREIGN KEY ("applicatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_supervisorId_fkey" FOREIGN KEY ("supervisorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Application" ADD CONSTRAINT "Application_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApplicationLine" ADD CONSTRAINT "ApplicationLine_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApplicationLine" ADD CONSTRAINT "ApplicationLine_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "InventoryItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApplicationAmendment" ADD CONSTRAINT "ApplicationAmendment_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApplicationAmendment" ADD CONSTRAINT "ApplicationAmendment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A measured product's exact stock never goes below zero (the conditional updates rely on it).
ALTER TABLE "StockLevel" ADD CONSTRAINT "StockLevel_amount_nonnegative" CHECK ("amount" >= 0);

-- The one line of active ingredients becomes the first entry of the list (its percentage not recorded).
UPDATE "InventoryItem" SET "activeIngredients" = jsonb_build_array(jsonb_build_object('name', "activeIngredient", 'percent', NULL))
  WHERE "activeIngredient" IS NOT NULL AND btrim("activeIngredient") <> '';

-- Application records are evidence: kept at least 2 years, managers included; lines and amendments
-- go only with their record. Amendments are never rewritten.
CREATE FUNCTION "application_records_are_evidence"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE started timestamp(3);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'An amendment of an application record is never changed';
  END IF;
  IF TG_TABLE_NAME = 'Application' THEN
    started := OLD."startedAt";
  ELSE
    SELECT a."startedAt" INTO started FROM "Application" a WHERE a.id = OLD."applicationId";
  END IF;
  IF started IS NOT NULL AND started >= timezone('UTC', now()) - interval '2 years' THEN
    RAISE EXCEPTION 'Application records are kept at least 2 years: % % cannot be deleted', TG_TABLE_NAME, OLD.id;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER "Application_kept" BEFORE DELETE ON "Application" FOR EACH ROW EXECUTE FUNCTION "application_records_are_evidence"();
CREATE TRIGGER "ApplicationLine_kept" BEFORE DELETE ON "ApplicationLine" FOR EACH ROW EXECUTE FUNCTION "application_records_are_evidence"();
CREATE TRIGGER "ApplicationAmendment_kept" BEFORE DELETE OR UPDATE ON "ApplicationAmendment" FOR EACH ROW EXECUTE FUNCTION "application_records_are_evidence"();

-- Chemical-use rows recorded before become application records with the fields they had; what
-- they lack (customer, area, time of day, method, licence) stays empty: "not recorded", never invented.
-- The site address they kept is the service address's street line.
INSERT INTO "Application" ("customerName", "street", "startedAt", "targetPests", "applicatorId", "applicatorName",
                           "supervisedApplicators", "recordedById", "chemicalUseId", "createdAt", "updatedAt")
SELECT NULL, c."siteAddress", c."usedAt", ARRAY[c."targetPest"], c."userId", u.name, ARRAY[]::text[], c."userId", c.id, c."createdAt", CURRENT_TIMESTAMP
  FROM "ChemicalUse" c JOIN "User" u ON u.id = c."userId"
 ORDER BY c.id;
INSERT INTO "ApplicationLine" ("applicationId", "position", "itemId", "productName", "epaRegistrationNumber", "restrictedUse",
                               "activeIngredients", "amount", "unit", "locationId")
SELECT a.id, 0, c."itemId", c."itemName", c."epaRegistrationNumber", false,
       CASE WHEN c."activeIngredient" IS NULL THEN NULL ELSE jsonb_build_array(jsonb_build_object('name', c."activeIngredient", 'percent', NULL)) END,
       c.quantity, c.unit, m."locationId"
  FROM "ChemicalUse" c JOIN "Application" a ON a."chemicalUseId" = c.id
  LEFT JOIN "StockMovement" m ON m.id = c."stockMovementId";
UPDATE "StockMovement" m SET "applicationId" = a.id
  FROM "ChemicalUse" c JOIN "Application" a ON a."chemicalUseId" = c.id
 WHERE m.id = c."stockMovementId";
