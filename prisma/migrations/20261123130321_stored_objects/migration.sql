-- CreateTable
CREATE TABLE "StoredObject" (
    "key" TEXT NOT NULL,
    "uploadId" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredObject_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StoredObjectChunk" (
    "uploadId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredObjectChunk_pkey" PRIMARY KEY ("uploadId","seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "StoredObject_uploadId_key" ON "StoredObject"("uploadId");
