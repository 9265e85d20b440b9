"""Putting the library on a device: ``deploy`` (compiled ``.mpy`` files on a stock firmware),
``firmware`` (a MicroPython build with our freeze manifest), ``mip`` (the mip packages), and
the module graph and manifest reader they share."""
