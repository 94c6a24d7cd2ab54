"""Model backends inspect lacks, behind one inspect provider named ``medtrust``."""
